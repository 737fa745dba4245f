# Issue 36: prepare --executor slurm on a login node. The environment is checked where the job
# will run: the probe as a job step on the partition with the job's resources (srun), and the
# node and job id of that step are recorded (executor.preflight) and bound. The job's resources come from the
# estimate with knowledge/estimate.json's margin (memory, time) and the plan's devices (one GPU),
# the batch script is generated from the approved argv and environment changes (no GPU pin
# from this 8-GPU login node: the job uses the GPU Slurm binds to it), and the exact
# sbatch argv is recorded; checkpoint 3's digest (command.scope 3) binds all of it, computed
# again here by the independent Python re-implementation. An sbatch on PATH (a stand-in that
# is never run: prepare only looks it up) makes it ready; without one the verdict blocks.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
mkdir bin && printf '#!/bin/sh\ncase "$1" in --help) exec cat "%s";; esac\n' "$SRC/tests/fixtures/slurm/sbatch-help.txt" > bin/sbatch
printf 'case "$1" in --test-only) echo "sbatch: Job 7 to start at 2026-12-07T12:00:00 using 8 processors on nodes gpu-node-7 in partition gpu" >&2; exit 0;; esac\nexit 99\n' >> bin/sbatch
printf '#!/bin/sh\necho "gpu 2-00:00:00"\n' > bin/sinfo && chmod +x bin/sinfo && chmod +x bin/sbatch
# The environment preflight's srun: a stand-in that drops srun's options and runs the step
# here, as node gpu-node-7 of job 4242 (tests/slurm runs the real one).
printf '#!/bin/sh\ncase "$1" in --help) exec cat "%s";; esac\n' "$SRC/tests/fixtures/slurm/srun-help.txt" > bin/srun
printf 'echo "$@" > srun.args\nwhile [ "${1#--}" != "$1" ]; do shift; done\nSLURM_JOB_ID=4242 SLURMD_NODENAME=gpu-node-7 exec "$@"\n' >> bin/srun
chmod +x bin/srun
printf '#SBATCH --qos=normal\n\n#SBATCH --comment="quantize it"\n' > extra.sbatch
PATH="$PWD/bin:$PATH" quark-ptq --workdir wd prepare --output-dir "$PWD/out/tiny-fp8" --python "$PWD/venv/bin/python" \
  --executor slurm --partition gpu --cpus 8 --sbatch-extra extra.sbatch
quark-ptq validate wd/run_manifest.yaml >/dev/null && echo "manifest: valid"
[ ! -e wd/slurm ] && echo "gate: the batch script is not written before approval"
python3 - "$SRC" "$PWD" <<'PY'
import sys, yaml
sys.path.insert(0, sys.argv[1] + "/tests/fixtures")
from command_scope import scope_digest
m = yaml.safe_load(open("wd/run_manifest.yaml"))
ex, cmd, wd = m["executor"], m["command"], sys.argv[2] + "/wd"
print("scope:", cmd["scope"], "digest recomputed:", scope_digest(m) == cmd["digest"])
print("resources:", {k: v for k, v in ex["resources"].items() if k not in ("mem_mib", "time_limit_minutes")})
print("sources:", ex["sources"])
pf = ex["preflight"]
print("preflight:", {k: v for k, v in pf.items() if k not in ("srun", "left_out")}, "left out:", pf["left_out"], "srun:", [a.replace(sys.argv[2], "$PWD") for a in pf["srun"]])
r, mg = ex["resources"], ex["margin"]
import math
print("mem = host estimate x 1.25:", r["mem_mib"] == math.ceil(max(mg["host_estimate_gib"] * 1.25, 8) * 1024))
print("time = quark-cli x 1.5, at least 30:", r["time_limit_minutes"] == math.ceil(max(mg["quark_cli_seconds"] * 1.5 / 60, 30)))
print("script path:", ex["script_path"] == wd + "/slurm/job.sbatch", "output:", ex["output"] == wd + "/logs/slurm-job.out")
print("sbatch argv:", [a.replace(sys.argv[2], "$PWD") for a in ex["sbatch_argv"][:4]], "...", ex["sbatch_argv"][-1] == ex["script_path"])
lines = ex["script"].splitlines()
print("script ends:", lines[-1].startswith("exec '" + cmd["argv"][0] + "' 'torch-llm-ptq'"), "env:", [l for l in lines if l.startswith("export")])
print("asked of slurmctld:", ex["submission_check"])
print("evaluation step:", ex["evaluation_step"], "(the plan has no evaluation)")
print("script directives:", [l for l in lines if l.startswith("#SBATCH") and "mem" not in l and "time" not in l and "output" not in l])
# Each part is bound: an edited script, sbatch line or resource needs a new approval.
for path in (("script",), ("sbatch_argv", 2), ("resources", "partition"), ("preflight", "node"), ("submission_check", "answer")):
    e = yaml.safe_load(open("wd/run_manifest.yaml"))
    t = e["executor"]
    for k in path[:-1]:
        t = t[k]
    t[path[-1]] = "edited"
    print("edited", "/".join(map(str, path)), "changes the digest:", scope_digest(e) != cmd["digest"])
PY

