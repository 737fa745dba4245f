#!/usr/bin/env bash
# Every libFuzzer target (docs/fuzzing.md) for a fixed CPU budget on this machine: one worker
# per target, targets one after another (or JOBS at a time), each from a scratch copy of its
# committed seeds. Builds build-fuzz/ first (clang++, ASan + UBSan, RelWithDebInfo).
#   bash scripts/fuzz-cpu.sh                 # every target, BUDGET seconds each
# Environment (all optional):
#   BUDGET   CPU seconds per target (default 120): libFuzzer's -max_total_time, one process
#   JOBS     targets fuzzed at the same time (default 1; at most the cores)
#   TARGETS  which targets (default all thirteen)
#   WORK     scratch directory (default /dev/shm/qptq-fuzz-cpu; the artifact targets write
#            their workdirs under it)
#   OUT      where the results go (default build-fuzz/cpu-run)
# Writes OUT/<target>.log (libFuzzer's output), OUT/<target>/ (reproducers), and OUT/summary.tsv:
#   target  seconds  executions  exec/s  cov  ft  corpus_after  seeds  findings
# A finding is a reproducer left behind (crash-, timeout-, oom-, leak-); each is replayed once
# with full allocation stacks into OUT/<target>/<name>.txt. Exit status 0 when nothing was found,
# 1 when something was, 2 when a target could not be built or run.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
BUDGET=${BUDGET:-120}
JOBS=${JOBS:-1}
TARGETS=${TARGETS:-"intake config index analysis plan manifest checkpoints help cli mcp probe evaluation comparison"}
WORK=${WORK:-/dev/shm/qptq-fuzz-cpu}
build=build-fuzz
OUTDIR=${OUT:-$build/cpu-run}
case "$OUTDIR" in /*) echo "OUT must be relative to the repository root" >&2; exit 2 ;; esac

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
      -DQPTQ_BUILD_FUZZERS=ON -DQPTQ_BUILD_TESTS=OFF > /dev/null || exit 2
names=()
for t in $TARGETS; do names+=("${t}_fuzz"); done
cmake --build "$build" -j"$(nproc)" --target "${names[@]}" > "$build/fuzz-build.log" 2>&1 || {
  tail -20 "$build/fuzz-build.log" >&2
  exit 2
}

rm -rf "$WORK" "$OUTDIR" && mkdir -p "$WORK/tmp" "$OUTDIR" || exit 2
export TMPDIR="$WORK/tmp" QPTQ_FUZZ_FIXTURES="$PWD/tests/fixtures/quark/0.13/h200-zoo/runs/olmo_fp8"
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:malloc_context_size=5"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# -malloc_limit_mb: one allocation over 256 MB stops libFuzzer in the allocating thread, which
# saves the input; growth that only the RSS limit sees once hung libFuzzer with nothing saved.
# -max_len per target: room for the largest real seed (docs/fuzzing.md).
max_len() {
  case "$1" in
    help | cli) echo 4096 ;;
    checkpoints) echo 8192 ;;
    manifest | probe) echo 32768 ;;
    *) echo 16384 ;;
  esac
}
seeds_of() {
  if [ "$1" = intake ]; then echo tests/fixtures/fuzz/safetensors; else echo "tests/fuzz/$1"; fi
}
dict_of() {
  case "$1" in
    manifest | comparison) echo "-dict=$ROOT/tests/fuzz/dict/yaml.dict" ;;
    analysis | plan | checkpoints | config | index | mcp | probe | evaluation) echo "-dict=$ROOT/tests/fuzz/dict/json.dict" ;;
  esac
}

fuzz_one() {
  local t=$1 bin seeds corpus
  bin=$(find "$build" -type f -name "${t}_fuzz" -perm -u+x | head -1)
  [ -n "$bin" ] || { echo "$t: no ${t}_fuzz in $build" >&2; return 2; }
  seeds=$(seeds_of "$t")
  corpus="$WORK/corpus-$t"
  mkdir -p "$corpus" "$OUTDIR/$t" && cp "$seeds"/* "$corpus"/
  local began ended
  began=$(date +%s)
  # shellcheck disable=SC2046
  # killed if libFuzzer hangs handling an out-of-memory input (seen once here, session 19)
  (cd "$OUTDIR/$t" && timeout -s KILL $((BUDGET + 120)) "$ROOT/$bin" "$corpus" -max_total_time="$BUDGET" -seed=1 -max_len="$(max_len "$t")" \
     -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=256 -close_fd_mask=1 -print_final_stats=1 $(dict_of "$t") > "$ROOT/$OUTDIR/$t.log" 2>&1)
  ended=$(date +%s)
  local execs cov ft after found=0
  execs=$(grep -o '^stat::number_of_executed_units: *[0-9]*' "$OUTDIR/$t.log" | tail -1 | awk '{print $2}')
  cov=$(grep -o 'cov: [0-9]*' "$OUTDIR/$t.log" | tail -1 | awk '{print $2}')
  ft=$(grep -o 'ft: [0-9]*' "$OUTDIR/$t.log" | tail -1 | awk '{print $2}')
  after=$(find "$corpus" -type f | wc -l)
  for r in "$OUTDIR/$t"/crash-* "$OUTDIR/$t"/timeout-* "$OUTDIR/$t"/oom-* "$OUTDIR/$t"/leak-*; do
    [ -e "$r" ] || continue
    found=$((found + 1))
    # An out-of-memory reproducer can make the replay allocate (or hang) without end: bounded.
    ASAN_OPTIONS="detect_leaks=1:malloc_context_size=30" timeout -s KILL 120 "$bin" -rss_limit_mb=2048 "$r" > "$r.txt" 2>&1
  done
  local secs=$((ended - began))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$secs" "${execs:-0}" "$(( ${execs:-0} / (secs > 0 ? secs : 1) ))" \
    "${cov:-?}" "${ft:-?}" "$after" "$(find "$seeds" -type f | wc -l)" "$found" > "$OUTDIR/$t.tsv"
  echo "$t: ${execs:-0} executions in ${secs} s, cov ${cov:-?}, ft ${ft:-?}, corpus $after, findings $found"
}

status=0
running=0
for t in $TARGETS; do
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait -n || status=2
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || status=2
  running=$((running - 1))
done
{
  printf 'target\tseconds\texecutions\texec/s\tcov\tft\tcorpus_after\tseeds\tfindings\n'
  for t in $TARGETS; do cat "$OUTDIR/$t.tsv" 2>/dev/null; done
} > "$OUTDIR/summary.tsv"
column -t -s $'\t' "$OUTDIR/summary.tsv"
if [ "$status" -eq 0 ] && awk -F'\t' 'NR > 1 && $9 > 0 {found = 1} END {exit !found}' "$OUTDIR/summary.tsv"; then status=1; fi
rm -rf "$WORK"
exit "$status"
