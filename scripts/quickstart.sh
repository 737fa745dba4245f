#!/usr/bin/env bash
# Quick start on a fresh machine: installs the build dependencies and the pinned Quark
# environment (python/requirements-quark.txt), builds quark-ptq, and runs the four-step flow
# on the bundled example model (examples/tiny-llama) in ./quickstart-work, giving each
# confirmation explicitly on the command line - checkpoint 3 with the digest that prepare
# printed. Offline: the shipped corpus is staged as the calibration dataset.
#
# On a host without a GPU the flow stops, truthfully, at checkpoint 3: amd-quark 0.13 cannot
# quantize there (docs/quark-facts.md), and prepare says so before anything runs.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
jobs=$(nproc 2>/dev/null || echo 2)
bash scripts/setup-deps.sh
bash scripts/setup-quark-env.sh
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DQPTQ_BUILD_TESTS=OFF >/dev/null
cmake --build build-release -j"$jobs" --target quark-ptq

work=${QPTQ_WORKDIR:-$repo/quickstart-work}
rm -rf "$work" && mkdir -p "$work"
py=$repo/.venv-quark/bin/python
q() { echo "+ quark-ptq $*" >&2; "$repo/build-release/quark-ptq" --workdir "$work" "$@"; }
export HF_HOME=$work/hf HF_HUB_OFFLINE=1 XDG_CACHE_HOME=$work/cache

q data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --python "$py"
q analyze examples/tiny-llama                                   # step 1
q confirm analysis                                              # checkpoint 1
q plan --python "$py" --calib-samples 32 --seq-len 128          # step 2 (probes the installed Quark)
q confirm plan                                                  # checkpoint 2
set +e
q prepare --output-dir "$work/out" --python "$py"               # step 3: the exact command + its digest
rc=$?
set -e
if [ "$rc" -ne 0 ]; then
  q status || true
  if [ "$rc" -eq 6 ]; then
    echo "quickstart: stopped at checkpoint 3 - the environment is not ready (see the verdict above); on a GPU host this flow continues with run --approve and accept" >&2
    exit 0
  fi
  exit "$rc"
fi
digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$work/run_manifest.yaml")
q run --approve "$digest"                                       # checkpoint 3 + step 4
q accept                                                        # checkpoint 4
q status
