# Issue 33 item 10: quark-ptq is SIGKILLed while its evaluation runs. The evaluator's process is
# recorded as quark-cli's is: status says the run is still going and names the evaluator and how
# to stop it; a second run is refused, naming it; once the evaluator is gone, the run reads as
# ended, with an evaluation that did not finish.
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
export FAKE_EVAL=pass FAKE_EVAL_SECONDS=60
quark-ptq --workdir wd run --approve "$DIGEST" > a.txt 2> a.err &
a=$!
evaluator_pid() {
  python3 -c 'import yaml; d = yaml.safe_load(open("wd/run_manifest.yaml")) or {}; print(((d.get("evaluation") or {}).get("process") or {}).get("pid", ""))' 2>/dev/null
}
# Killed once the evaluator has printed its lines (it would die on a write to the dead pipe).
for i in $(seq 150); do [ -n "$(evaluator_pid)" ] && grep -qs "fake evaluator" wd/evaluation/evaluation-*.log && break; sleep 0.1; done
kill -KILL $a; wait $a 2>/dev/null || true
evaluator=$(evaluator_pid)
quark-ptq --workdir wd status --json > st.json
python3 - "$evaluator" <<'PY'
import json, sys
d = json.load(open("st.json"))
reason = d["run"].get("reason", "")
print(d["run"]["state"], "| names the evaluator:", ("pid " + sys.argv[1]) in reason and ("kill -TERM -" + sys.argv[1]) in reason)
PY
rc=0; quark-ptq --workdir wd run --approve "$DIGEST" > b.txt 2> b.err || rc=$?
echo "second run exit $rc"
grep -c "evaluation it started (pid $evaluator) is still running" b.err
kill -KILL -"$evaluator" 2>/dev/null
for i in $(seq 50); do kill -0 "$evaluator" 2>/dev/null || break; sleep 0.1; done
quark-ptq --workdir wd status --json | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['run']['state'], d['evaluation']['verdict'] if 'evaluation' in d else '-')"
