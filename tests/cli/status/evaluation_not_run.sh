# An evaluation that did not run (the evaluator could not load the export, crashed or was
# stopped) is a problem of the tool, not a verdict on the scheme: status and accept never
# advise going back to checkpoint 2; they offer running again or accepting knowingly.
. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --result success
python3 - wd/run_manifest.yaml <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["evaluation"] = {"verdict": "not-run", "reason": "the evaluator could not start: File exists", "intent": "smoke",
                   "reason_id": "evaluate.reason.could_not_start", "reason_args": {"error": "File exists"},
                   "canary": {"status": "not-run"}, "perplexity": {"status": "not-run", "windows": 0}}
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
quark-ptq validate wd/run_manifest.yaml >/dev/null && echo "manifest valid"
quark-ptq --workdir wd --json status > st.json
jget st.json 'd["next_action"]["id"], d["next_action"]["command"]'
quark-ptq --workdir wd status 2>&1 | grep -c "less aggressive"
quark-ptq --workdir wd accept 2>&1 | grep -o "did not run (the evaluator could not start: File exists)"
quark-ptq --workdir wd --lang ja accept 2>&1 | grep -c "控えめなスキーム"
exit 0
