#!/usr/bin/env bash
# Quick start on a fresh machine: installs the build dependencies, builds quark-ptq and runs
# it on the bundled example model (examples/tiny-llama), in a scratch workdir.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
bash scripts/setup-deps.sh
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DQPTQ_BUILD_TESTS=OFF >/dev/null
cmake --build build-release -j"$jobs" --target quark-ptq
work=${QPTQ_WORKDIR:-$PWD/quickstart-work}
mkdir -p "$work"
echo "== step 1: quark-ptq analyze examples/tiny-llama (workdir: $work)"
./build-release/quark-ptq --workdir "$work" analyze examples/tiny-llama
./build-release/quark-ptq --workdir "$work" validate "$work/model_analysis.json"
