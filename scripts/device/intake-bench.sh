#!/usr/bin/env bash
# Issue 2 on the GPU host: the intake benchmark (docs/benchmarks.md, "Intake") on a machine
# with more than two cores. Run ON the device from the repo root with .devbin/ carried
# (scripts/device/bundle-quark-ptq.sh --bench):
#   bash scripts/device/intake-bench.sh [RUNS]
# It runs the bench three times with every core, then pinned to 4, 2 and 1 cores with
# taskset (quark-ptq sizes its header threads by the cores it may use). The checkpoint (163
# sparse, header-only shards) is generated in /dev/shm. Output: $OUT/intake-bench.txt.
set -u
RUNS=${1:-31}
REPO=$(pwd)
OUTF="${OUT:-/tmp}/intake-bench.txt"
export LD_LIBRARY_PATH="$REPO/.devbin/lib" QPTQ_BENCH_BINARY="$REPO/.devbin/quark-ptq" QPTQ_BENCH_SOURCE="$REPO"
export QPTQ_BENCH_PYTHON=${QPTQ_BENCH_PYTHON:-python3}
DIR=/dev/shm/qptq-bench-deepseek-v3
{
  echo "== host"; nproc; lscpu | grep -E "Model name|^CPU\(s\)|Thread|MHz" ; uptime; python3 --version
  python3 -c 'import transformers, safetensors; print("transformers", transformers.__version__, "safetensors", safetensors.__version__)'
  for cores in all all all 0-3 0-1 0-1 0; do
    echo; echo "== cores: $cores"
    if [ "$cores" = all ]; then .devbin/intake_bench "$DIR" "$RUNS"; else taskset -c "$cores" .devbin/intake_bench "$DIR" "$RUNS"; fi
  done
} > "$OUTF" 2>&1
cat "$OUTF"
