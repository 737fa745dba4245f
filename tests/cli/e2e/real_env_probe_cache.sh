# The capability probe of the REAL pinned environment (.venv-quark) is paid once per
# environment, not once per workdir (issues 16 item 6 and 19): the first plan says on stderr
# what it does and where (Quark may build its extensions in torch's extensions directory) and
# where it keeps the answer; a plan in another workdir with the same environment reads it.
py="$SRC/.venv-quark/bin/python"
if [ ! -x "$py" ]; then
  if [ -n "${CI:-}" ]; then echo "the pinned environment $py is missing (scripts/setup-quark-env.sh)" >&2; exit 99; fi
  echo "SKIP: no $py (run scripts/setup-quark-env.sh)"; exit 0
fi
set -e
export HF_HOME="$PWD/hf" XDG_CACHE_HOME="$PWD/cache"
unset TORCH_EXTENSIONS_DIR
quark-ptq data stage "$SRC/tests/fixtures/quark/corpus/corpus.jsonl" --as pileval --python "$py" > /dev/null
for w in wd1 wd2; do
  quark-ptq --workdir $w analyze "$SRC/examples/tiny-llama" > /dev/null
  quark-ptq --workdir $w confirm analysis > /dev/null
done
plan() { quark-ptq --workdir "$1" plan --python "$py" --target h200 --calib-samples 32 --seq-len 128; }
plan wd1 > plan1.txt 2> plan1.err
grep -q "probing the installed Quark in $py" plan1.err && echo "first plan says it probes"
grep -q "extensions in $PWD/cache/torch_extensions" plan1.err && echo "and where Quark may build its extensions"
kept=$(sed -n 's/.*probe result kept in \(.*\) for later plans.*/\1/p' plan1.err)
case "$kept" in "$PWD/cache/quark-ptq/probe-"*.json) [ -f "$kept" ] && echo "and where it keeps the answer" ;; esac
s=$(date +%s.%N)
plan wd2 > plan2.txt 2> plan2.err
e=$(date +%s.%N)
grep -q "(cached probe)" plan2.txt && echo "a plan in another workdir reads it"
echo "second plan probes again: $(grep -c 'probing the installed Quark' plan2.err)"
# Under 1 s on an idle machine (docs/benchmarks.md); the bound here leaves room for a loaded CI host.
python3 -c "import sys; print('second plan within 5 s:', float(sys.argv[2]) - float(sys.argv[1]) < 5)" "$s" "$e"
