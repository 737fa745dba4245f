# A Slurm job that sbatch refuses (here a partition the cluster does not have; the fake sbatch
# stands in for a failure only: tests/slurm runs the real one): `run --approve` records the run
# as failed with sbatch's words, exits 9, starts nothing on this (login) node and writes no job id.
# The environment is checked on this login node (--preflight login): no srun is asked.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" > /dev/null
mkdir bin && printf '#!/bin/sh\ncase "$1" in --test-only) echo "sbatch: Job 7 to start at 2026-12-07T12:00:00 using 8 processors on nodes gpu-node-7 in partition gpu" >&2; exit 0;; esac\necho "sbatch: error: invalid partition specified: gpu" >&2\nexit 1\n' > bin/sbatch && chmod +x bin/sbatch
printf '#!/bin/sh\necho "gpu 2-00:00:00"\n' > bin/sinfo && chmod +x bin/sinfo
PATH="$PWD/bin:$PATH" quark-ptq --json --workdir wd prepare --output-dir "$PWD/out/tiny" --python "$PWD/venv/bin/python" \
  --executor slurm --partition gpu --preflight login > prepared.json 2> /dev/null
digest=$(python3 -c 'import json; print(json.load(open("prepared.json"))["digest"])')
set +e
PATH="$PWD/bin:$PATH" quark-ptq --workdir wd run --approve "$digest" 2>&1 | sed "s|$PWD/||g"
echo "exit ${PIPESTATUS[0]}"
python3 -c 'import yaml; r = yaml.safe_load(open("wd/run_manifest.yaml"))["run"]; print(r["status"], "job" in r)'
test -x wd/slurm/job.sbatch && echo "script written" || echo "no script"
