#!/usr/bin/env bash
# A comparison's candidates as Slurm jobs side by side, through a real one-node cluster
# (scripts/slurm/cluster.sh): plan --compare fp8,int4_wo_64 for the CPU, prepare --executor
# slurm (each candidate its own batch script and preflight), one approval of the comparison's
# digest; `run` submits every candidate's job before any has ended and follows them at once
# (one lane per job), then verifies and evaluates them one at a time. One SIGTERM to quark-ptq
# cancels every job (both recorded interrupted, neither left in the queue); run again finishes
# them. The jobs run the fake quark-cli (tests/fakes/quark-cli).
#   compare_flow.sh QUARK_PTQ SOURCE_DIR
# Exit 77 (ctest: skipped) where slurm-wlm / munge are missing, unless CI is set.
set -euo pipefail
bin=$1
src=$2
source "$src/tests/slurm/cluster_lib.bash"
unset VIRTUAL_ENV CONDA_PREFIX XDG_CACHE_HOME
export FAKE_EVAL=pass
cd "$work"
fail() {
  echo "FAIL [compare]: $*" >&2
  for f in prepare.txt run1.txt run2.txt; do echo "--- $f" >&2; cat "$f" >&2 2> /dev/null || true; done
  tail -n 30 "$work/cluster/log/slurmctld.log" >&2 2> /dev/null || true
  exit 1
}
field() {  # CANDIDATE PATH: a value of the candidate's manifest, as JSON
  python3 -c 'import json, sys, yaml
v = yaml.safe_load(open(f"wd/candidates/{sys.argv[1]}/run_manifest.yaml"))
for k in sys.argv[2].split("/"):
    v = v.get(k) if isinstance(v, dict) else None
print(json.dumps(v))' "$1" "$2"
}

python3 "$src/tests/fakes/quark_model.py" source model
python3 "$src/tests/cli/prepare/make_workdir.py" scratch --model "$work/model" --fake-python venv \
  --probe "$src/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" > /dev/null
rm -rf scratch
printf '#!/bin/sh\nexec python3 %s "$@"\n' "$src/tests/fakes/quark-cli" > venv/bin/quark-cli
printf '#!/bin/sh\ncase "$*" in *quark-ptq-eval-ready*) echo %s; exit 0;; esac\nexec "%s/tests/fakes/evaluator-python" "$@"\n' \
  "'{\"probe\": \"quark-ptq-eval-ready\", \"ready\": true, \"why\": \"\"}'" "$src" > evalpy
chmod +x venv/bin/quark-cli evalpy
echo '{"text": "held-out prose"}' > text.jsonl
{ "$bin" --workdir wd analyze "$work/model" && "$bin" --workdir wd confirm analysis; } > /dev/null || fail "analysis"
"$bin" --workdir wd plan --quark-version 0.12 --target cpu --compare fp8,int4_wo_64 --eval-text text.jsonl > /dev/null 2>&1 || fail "plan"
"$bin" --workdir wd confirm plan > /dev/null || fail "confirm plan"
"$bin" --workdir wd prepare --output-dir "$work/out" --python "$work/venv/bin/python" --eval-python "$work/evalpy" \
  --executor slurm --partition debug --mem 1G --time-limit 10 > prepare.txt 2>&1 || fail "prepare exited $?"
grep -q "run side by side, as 2 Slurm jobs" prepare.txt || fail "prepare does not say the jobs run side by side"
digest=$(sed -n 's/^digest: //p' wd/comparison_manifest.yaml)

# One SIGTERM while both jobs run: every job cancelled, every candidate interrupted.
FAKE_QUARK_SCENARIO=hang "$bin" --workdir wd run --approve "$digest" > run1.txt 2>&1 &
ptq=$!
for ((i = 0; i < 300; i++)); do
  [ "$(grep -c ': Slurm job [0-9]* running ==' run1.txt)" = 2 ] && break
  sleep 0.2
done
[ "$(grep -c ': Slurm job [0-9]* running ==' run1.txt)" = 2 ] || fail "the two jobs were not running at the same time"
kill -TERM "$ptq"
code=0
wait "$ptq" || code=$?
[ "$code" = 130 ] || fail "the stopped comparison exited $code, expected 130"
for n in fp8 int4_wo_64; do
  [ "$(field $n run/status)" = '"interrupted"' ] || fail "$n run.status $(field $n run/status)"
  id=$(field $n run/job/id | tr -d '"')
  for ((i = 0; i < 50; i++)); do
    [ -z "$(squeue --noheader --jobs="$id" --states=pending,running 2> /dev/null)" ] && break
    sleep 0.2
  done
  [ -z "$(squeue --noheader --jobs="$id" --states=pending,running 2> /dev/null)" ] || fail "job $id of $n is still queued"
done

# Again, to the end: the second job is submitted before the first has ended.
code=0
FAKE_QUARK_SLEEP=1 "$bin" --workdir wd run --approve "$digest" > run2.txt 2>&1 || code=$?
python3 -c 'lines = [l.strip() for l in open("run2.txt") if l.startswith("== ")]
submitted = [i for i, l in enumerate(lines) if ": submitted as Slurm job " in l]
completed = [i for i, l in enumerate(lines) if l.endswith(" completed ==")]
assert len(submitted) == 2 and len(completed) == 2, lines
assert max(submitted) < min(completed), lines' || fail "the jobs did not run side by side"
for n in fp8 int4_wo_64; do
  [ "$(field $n run/status)" = '"succeeded"' ] || fail "$n run.status $(field $n run/status)"
  [ "$(field $n run/job/state)" = '"completed"' ] || fail "$n run.job.state $(field $n run/job/state)"
done
[ "$(field fp8 result/status)" = '"success"' ] || fail "fp8 did not verify"
[ "$(field fp8 evaluation/verdict)" = '"pass"' ] || fail "fp8's evaluation: $(field fp8 evaluation/verdict)"
grep -q "^\* fp8 is recommended" run2.txt || fail "no recommendation"
echo "compare: two Slurm jobs side by side (exit $code), stopped together, then completed; fp8 recommended"
