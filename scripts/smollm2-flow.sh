#!/usr/bin/env bash
# The four steps of quark-ptq on SmolLM2-135M with the scheme the planner recommends for this
# host, with every confirmation given explicitly on the command line (checkpoint 3 with the
# digest that prepare printed). Step 4 runs quark-cli, verifies the output and evaluates it
# against the source (the plan asks for it with --eval; prepare records the evaluator and
# checkpoint 3 approves it with the command). Shared by scripts/quickstart.sh and
# scripts/test.sh; expects the environments, the model and the held-out text in place.
#
#   scripts/smollm2-flow.sh QUARK_PTQ WORKDIR
#
# Quantizes with .venv-quark-cpu (amd-quark 0.12.post1) and plans for the CPU when the host has
# no GPU, else with .venv-quark; evaluates with .venv-quark (prepare --eval-python). Exit: the
# first failing step's; `run` exits 12 when the evaluation's verdict is not pass.
# Env: QPTQ_EVAL (smoke|full, default smoke), QPTQ_CALIB_SAMPLES / QPTQ_SEQ_LEN (default 16 / 128);
# QPTQ_EXECUTOR=slurm: step 4 as a Slurm job through a one-node cluster started here
# (scripts/slurm/cluster.sh, stopped at the end): prepare --executor slurm (the environment
# probed by a job step on the node), the job submitted with the real sbatch, followed with
# squeue/sacct and its memory sampled with sstat, then verified and evaluated here.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin=$1
work=$2

source "$repo/scripts/smollm2-env.bash"

rm -rf "$work" && mkdir -p "$work"
executor=()
if [ "${QPTQ_EXECUTOR:-local}" = slurm ]; then
  bash "$repo/scripts/slurm/cluster.sh" start "$work/cluster" $$ >/dev/null
  trap 'bash "$repo/scripts/slurm/cluster.sh" stop "$work/cluster" >/dev/null 2>&1 || true' EXIT
  export "$(bash "$repo/scripts/slurm/cluster.sh" env "$work/cluster")"
  # The whole test node: its CPUs, and its memory less a quarter for the login side's evaluation.
  node_cpus=$(sinfo --noheader --format=%c | head -n 1 | tr -d ' ')
  node_mib=$(sinfo --noheader --format=%m | head -n 1 | tr -d ' +')
  executor=(--executor slurm --partition debug --cpus "$node_cpus" --mem "$((node_mib * 3 / 4))M")
fi
q() { echo "+ quark-ptq $*" >&2; "$bin" --workdir "$work" "$@"; }
export HF_HOME=$work/hf HF_HUB_OFFLINE=1
t0=$(date +%s)
q data stage "$text/calibration.jsonl" --as pileval --python "$quant_py"
q analyze "$model"                                               # step 1
# SmolLM2 is a healthy model that quark-cli quantizes: a high risk at intake would be a false
# warning to the person (the oracle's forward on the meta device once reported one).
python3 - "$work/model_analysis.json" <<'PY'
import json, sys
high = [r for r in json.load(open(sys.argv[1])).get("risks", []) if r.get("severity") == "high"]
if high:
    sys.exit("smollm2-flow: analyze reported a high risk for a model that works: " + "; ".join(r.get("message", r.get("id", "?")) for r in high))
PY
q confirm analysis                                               # checkpoint 1
q plan --python "$quant_py" "${target[@]}" --eval "${QPTQ_EVAL:-smoke}" --eval-text "$text/evaluation.jsonl" \
  --calib-samples "${QPTQ_CALIB_SAMPLES:-16}" --seq-len "${QPTQ_SEQ_LEN:-128}"   # step 2 (probes the installed Quark)
q confirm plan                                                   # checkpoint 2
q prepare --output-dir "$work/out" --python "$quant_py" --eval-python "$eval_py" "${executor[@]}"   # step 3: the exact command + its digest
digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$work/run_manifest.yaml")
t1=$(date +%s)
q run --approve "$digest"                                        # checkpoint 3 + step 4: run, verify, evaluate
t2=$(date +%s)
if [ "${QPTQ_EXECUTOR:-local}" = slurm ]; then
  # The run was the job: Slurm says it completed, and its output reached the run log.
  python3 - "$work/run_manifest.yaml" <<'PY'
import sys, yaml
m = yaml.safe_load(open(sys.argv[1]))
run = m["run"]
job = run.get("job") or {}
if job.get("state") != "completed" or job.get("exit_code") != 0:
    sys.exit("smollm2-flow: the Slurm job did not complete: %r" % job)
# The environment was checked on the node (the real probe as a job step), and the job's
# memory was sampled there (sstat).
preflight = m["executor"].get("preflight") or {}
if preflight.get("where") != "job" or not preflight.get("node") or not preflight.get("job_id"):
    sys.exit("smollm2-flow: the environment preflight did not run as a job step: %r" % preflight)
peak = run["peak"].get("group_rss_mib")
if not isinstance(peak, int) or peak < 200:
    sys.exit("smollm2-flow: the job's peak memory was not recorded: %r (%r)" % (peak, job.get("memory")))
print("smollm2-flow: Slurm job %s completed (states %s); environment checked on %s (job %s); peak %d MiB from %d sstat samples"
      % (job["id"], ", ".join(job.get("states_seen", [])), preflight["node"], preflight["job_id"], peak, job["memory"]["samples"]),
      file=sys.stderr)
PY
fi
q accept                                                         # checkpoint 4
q status
eval_s=$(python3 -c 'import sys,yaml; print(round(yaml.safe_load(open(sys.argv[1]))["evaluation"]["seconds"]))' "$work/run_manifest.yaml" 2>/dev/null || echo "?")
echo "smollm2-flow: steps 1-3 $(( t1 - t0 ))s, run + verify + evaluation $(( t2 - t1 ))s (evaluation ${eval_s}s)" >&2
