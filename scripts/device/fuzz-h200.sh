#!/usr/bin/env bash
# Issue 18 on the device host: every libFuzzer target (docs/fuzzing.md) run to 10,000,000
# executions or a deadline, on all its cores. Run ON the device from the repo root with
# .devdata/fuzzers.tar.xz carried (scripts/device/bundle-fuzzers.sh builds it here):
#   bash scripts/device/fuzz-h200.sh [TARBALL]
# Environment (all optional):
#   CORES     cores to use (default: nproc)
#   PARALLEL  targets fuzzed at the same time (default 1: one after another)
#   CORES_PER_TARGET  libFuzzer -fork workers per target (default CORES / PARALLEL, at least
#             1). More than that oversubscribes the cores: when a target reaches RUNS early,
#             the cores it leaves go to the targets still running.
#   RUNS      executions per target (default 10000000)
#   DEADLINE  seconds for the whole script (default 3300). A target gets the time left, less
#             RESERVE, divided by the rounds of PARALLEL targets still to start, so a fast
#             target leaves its time to the slow ones.
#   RESERVE   seconds kept from fuzzing for the replays, the summary and the fork-mode jobs
#             that end after -max_total_time (default 30; a dry run here overran by 7 to 11 s)
#   TARGETS   which targets, in order (default: all nine, the slowest last)
#   WORK      scratch directory (default /dev/shm/qptq-fuzz: the targets' workdirs are tmpfs)
# Each target runs with -fork=CORES_PER_TARGET over its committed seeds (a grown copy; the
# seeds stay as they are), crashes, timeouts and OOMs noted and fuzzing continued. While
# fuzzing, ASan keeps 5 frames of each allocation and free instead of 30
# (malloc_context_size; the unwinding on every malloc and free was 7 to 14 % of the samples,
# docs/fuzzing.md); what it detects is the same, and the replay of a reproducer afterwards
# has the full stacks.
# Output in $OUT (default /tmp/qptq-fuzz-out), written as each target ends so that a run cut
# short still reports what it did:
#   <target>.json     executions, exec/s, cov, ft, corpus, wall time, whether RUNS was reached,
#                     each crash with its reproducer (kind, sha1, size, replay report)
#   <target>/         reproducers (crash-*, timeout-*, oom-*, leak-*) and their reports
#   <target>.log      libFuzzer's fork-mode log (its progress lines)
#   summary.json      every target's JSON in one array; host.txt: the machine and the bundle
# Exit status 0 whatever was found (the JSON says it); 1 when the bundle cannot run at all.
set -u
TARBALL=${1:-.devdata/fuzzers.tar.xz}
CORES=${CORES:-$(nproc)}
PARALLEL=${PARALLEL:-1}
CORES_PER_TARGET=${CORES_PER_TARGET:-$((CORES / PARALLEL > 0 ? CORES / PARALLEL : 1))}
RUNS=${RUNS:-10000000}
DEADLINE=${DEADLINE:-3300}
RESERVE=${RESERVE:-30}
TARGETS=${TARGETS:-"help cli config index intake checkpoints manifest plan analysis"}
WORK=${WORK:-/dev/shm/qptq-fuzz}
OUTDIR=${OUT:-/tmp/qptq-fuzz-out}
start=$(date +%s)
end=$((start + DEADLINE))

rm -rf "$WORK" && mkdir -p "$WORK/tmp" "$OUTDIR" || exit 1
tar -C "$WORK" -xJf "$TARBALL" || { echo "cannot unpack $TARBALL" >&2; exit 1; }
F=$WORK/fuzzers
export LD_LIBRARY_PATH="$F/lib" QPTQ_FUZZ_FIXTURES="$F/fixtures/olmo_fp8" TMPDIR="$WORK/tmp"
# Every sanitizer report is fatal (the build has -fno-sanitize-recover=all); no symbolizer is
# bundled: a report names binary+offset, symbolized here against build-fuzz/ (BUILD has the commit).
export ASAN_OPTIONS="abort_on_error=0:detect_leaks=1:symbolize=0:allocator_may_return_null=1:handle_abort=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:symbolize=0"
FUZZ_ASAN_OPTIONS="$ASAN_OPTIONS:malloc_context_size=5"

{
  echo "== bundle"; cat "$F/BUILD"
  echo "== host"; nproc; lscpu 2>/dev/null | grep -E "Model name|^CPU\(s\)" ; uptime
  (. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME"); ldd --version 2>/dev/null | head -1
  echo "== settings"
  echo "CORES=$CORES PARALLEL=$PARALLEL CORES_PER_TARGET=$CORES_PER_TARGET RUNS=$RUNS DEADLINE=$DEADLINE RESERVE=$RESERVE"
  echo "TARGETS=$TARGETS WORK=$WORK"
} > "$OUTDIR/host.txt" 2>&1
for t in $TARGETS; do
  "$F/bin/${t}_fuzz" -runs=0 "$F/corpus/$t" > "$WORK/probe-$t.txt" 2>&1 || {
    echo "${t}_fuzz does not run here:" >&2; tail -5 "$WORK/probe-$t.txt" >&2; exit 1; }
done

# Room for the largest real seed and more: model_analysis.json is 8 to 11 KB, quant_plan.json
# 7 to 8 KB, run_manifest.yaml 13 to 21 KB, checkpoints.json 1.4 KB (four confirmations).
max_len() {
  case $1 in
    manifest) echo 32768 ;;
    analysis|plan|config|index|intake) echo 16384 ;;
    checkpoints) echo 8192 ;;
    *) echo 4096 ;;
  esac
}
dict() {
  case $1 in
    manifest) echo "-dict=$F/dict/yaml.dict" ;;
    config|index|analysis|plan|checkpoints|intake) echo "-dict=$F/dict/json.dict" ;;
  esac
}
# The last fork-mode progress line: "#N: cov: C ft: F corp: K exec/s E oom/timeout/crash: a/b/c time: Ts job: J ..."
field() { awk -v k="$2" '{for (i = 1; i < NF; i++) if ($i == k) v = $(i + 1)} END {print v}' <<< "$1"; }
num() { local v; v=$(field "$1" "$2"); echo "${v:-0}"; }

# One target: at most BUDGET seconds with WORKERS forked workers, then its reproducers
# replayed and <target>.json written.
run_target() {
  local t=$1 budget=$2 workers=$3
  local art="$OUTDIR/$t" grown="$WORK/grown/$t"
  local t0 rc wall last execs done_runs reached crashes f name replay_rc
  mkdir -p "$art" "$grown"
  echo "$(date -u +%H:%M:%S) $t: -fork=$workers -runs=$RUNS, at most ${budget}s" >&2
  t0=$(date +%s)
  # shellcheck disable=SC2046
  (cd "$WORK" && ASAN_OPTIONS="$FUZZ_ASAN_OPTIONS" "$F/bin/${t}_fuzz" "$grown" "$F/corpus/$t" -fork="$workers" \
      -runs="$RUNS" -max_total_time="$budget" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -max_len="$(max_len "$t")" $(dict "$t") -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -close_fd_mask=1 \
      -artifact_prefix="$art/") > "$OUTDIR/$t.log" 2>&1
  rc=$?
  wall=$(($(date +%s) - t0))
  last=$(grep -E '^#[0-9]+: cov:' "$OUTDIR/$t.log" | tail -1)
  execs=$(sed -E 's/^#([0-9]+):.*/\1/' <<< "$last")
  execs=${execs:-0}
  # At -runs the parent says "fuzzed for N iterations" after the last progress line.
  done_runs=$(sed -nE 's/^INFO: fuzzed for ([0-9]+) iterations.*/\1/p' "$OUTDIR/$t.log" | tail -1)
  [ -n "$done_runs" ] && [ "$done_runs" -gt "$execs" ] && execs=$done_runs
  reached=false
  [ "$execs" -ge "$RUNS" ] && reached=true
  crashes=""
  for f in "$art"/crash-* "$art"/timeout-* "$art"/oom-* "$art"/leak-* "$art"/slow-unit-*; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    # Replayed once: the report that comes back with it (the first 80 lines).
    (cd "$WORK" && timeout 60 "$F/bin/${t}_fuzz" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=1 "$f") > "$art/$name.txt" 2>&1
    replay_rc=$?
    sed -i '81,$d' "$art/$name.txt"
    crashes+="${crashes:+,}{\"file\": \"$t/$name\", \"kind\": \"${name%%-*}\", \"sha1\": \"$(sha1sum < "$f" | cut -c1-40)\", \"bytes\": $(stat -c %s "$f"), \"replay_exit\": $replay_rc, \"report\": \"$t/$name.txt\"}"
  done
  cat > "$OUTDIR/$t.json" <<EOF
{"target": "${t}_fuzz", "executions": $execs, "runs_asked": $RUNS, "reached_runs": $reached,
 "exec_per_s": $((wall > 0 ? execs / wall : 0)), "wall_s": $wall, "budget_s": $budget, "workers": $workers, "parallel": $PARALLEL,
 "cov": $(num "$last" cov:), "ft": $(num "$last" ft:), "corpus_files": $(num "$last" corp:),
 "seed_files": $(ls "$F/corpus/$t" | wc -l), "grown_files": $(ls "$grown" | wc -l),
 "oom_timeout_crash": "$(field "$last" oom/timeout/crash:)", "libfuzzer_exit": $rc, "max_len": $(max_len "$t"),
 "crashes": [$crashes]}
EOF
  echo "$(date -u +%H:%M:%S) $t: $execs executions in ${wall}s, $(grep -c '"file"' <<< "$crashes") reproducer(s)" >&2
}

# PARALLEL targets at a time, in the order of TARGETS; the next starts when one ends.
set -- $TARGETS
left=$#
running=0
for t in $TARGETS; do
  while [ "$running" -ge "$PARALLEL" ]; do
    wait -n
    running=$((running - 1))
  done
  now=$(date +%s)
  rounds=$(((left + PARALLEL - 1) / PARALLEL))
  budget=$(((end - RESERVE - now) / rounds))
  [ "$budget" -lt 10 ] && budget=10
  left=$((left - 1))
  if [ "$PARALLEL" -gt 1 ]; then
    run_target "$t" "$budget" "$CORES_PER_TARGET" &
    running=$((running + 1))
  else
    run_target "$t" "$budget" "$CORES_PER_TARGET"
  fi
done
wait

{
  echo "["
  first=1
  for t in $TARGETS; do
    [ -f "$OUTDIR/$t.json" ] || continue
    [ $first = 1 ] || echo ","
    first=0
    cat "$OUTDIR/$t.json"
  done
  echo "]"
} > "$OUTDIR/summary.json"
rm -rf "$WORK"
cat "$OUTDIR/summary.json"
