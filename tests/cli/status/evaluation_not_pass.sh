# Issue 16 item 2: a verified result whose evaluation (the manifest's top-level `evaluation`
# section, run_manifest.schema.json) is not pass is not offered for a plain accept: status
# says the verdict and offers checkpoint 2 with a less aggressive scheme, or a follow-up. A
# partial verification is not a plain accept either. English, Japanese and --json.
. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --result success
python3 - wd/run_manifest.yaml <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["evaluation"] = {"verdict": "fail", "reason": "perplexity +9.4% (se 0.8%) is above the 5% threshold", "intent": "smoke",
                   "canary": {"status": "pass", "token_agreement": 0.9},
                   "perplexity": {"status": "fail", "windows": 8, "delta_pct": 9.4, "se_pct": 0.8, "threshold_pct": 5.0}}
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
quark-ptq validate wd/run_manifest.yaml >/dev/null && echo "manifest valid"
quark-ptq --workdir wd status | sed -n '/^Run:/,$p'
quark-ptq --workdir wd --lang ja status | sed -n '/^実行:/,$p'
quark-ptq --workdir wd --json status > st.json
jget st.json 'd["run"]["state"], d["run"]["evaluation"], d["next_action"]["id"], d["next_action"]["command"]'
# The same evaluation, passed: a plain accept.
python3 - wd/run_manifest.yaml <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["evaluation"]["verdict"] = "pass"
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
quark-ptq --workdir wd status | tail -2
# A partial verification (no evaluation section).
mkwd partial --through 3 --result partial
quark-ptq --workdir partial --json status > p.json
jget p.json 'd["run"]["state"], d["run"]["verification"], d["next_action"]["id"], d["next_action"]["command"]'
quark-ptq --workdir partial --lang ja status | tail -2
