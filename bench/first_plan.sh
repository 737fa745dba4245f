#!/usr/bin/env bash
# Issue 19 goal 3, a benchmark (not a test): in ONE run, `python -c "import quark.torch"` and the
# first `quark-ptq plan` of the same environment, each with a fresh TORCH_EXTENSIONS_DIR and
# cache directory (so both pay Quark's extension build), and their ratio (goal <= 1.2).
#   bench/first_plan.sh [PYTHON] [QUARK_PTQ]   defaults: .venv-quark/bin/python, build/quark-ptq
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
py=${1:-$repo/.venv-quark/bin/python}
q=${2:-$repo/build/quark-ptq}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
now() { date +%s.%N; }
s=$(now)
XDG_CACHE_HOME=$t/c1 TORCH_EXTENSIONS_DIR=$t/e1 "$py" -c "import quark.torch" > "$t/import.log" 2>&1
e=$(now)
imp=$(python3 -c "print(f'{$e - $s:.2f}')")
export HF_HOME=$t/hf
"$q" --workdir "$t/wd" analyze "$repo/examples/tiny-llama" > /dev/null
"$q" --workdir "$t/wd" confirm analysis > /dev/null
s=$(now)
XDG_CACHE_HOME=$t/c2 TORCH_EXTENSIONS_DIR=$t/e2 "$q" --workdir "$t/wd" plan --python "$py" --target h200 --calib-samples 32 --seq-len 128 > "$t/plan.log" 2> "$t/plan.err"
e=$(now)
pl=$(python3 -c "print(f'{$e - $s:.2f}')")
echo "python: $py ($("$py" -c 'import importlib.metadata as m; print("amd-quark", m.version("amd-quark"))'))"
echo "import quark.torch: $imp s"
echo "first plan: $pl s"
python3 -c "print(f'ratio: {$pl / $imp:.3f} (goal <= 1.2)')"
