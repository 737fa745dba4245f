# Checkpoint 2 of a comparison over MCP: the person is asked about every candidate the
# confirmation binds (each line as the terminal shows it: scheme, algorithm, KV cache,
# exclusions, evaluation, the regrouping), the schemes left out with their reasons, in their
# language; declined, nothing is recorded; confirmed, the whole comparison is.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
mkdir wd wd-ja
python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$SRC/tests/fixtures/checks/smollm2-135m.analysis.json" wd
python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$SRC/tests/fixtures/checks/smollm2-135m.analysis.json" wd-ja
python3 - <<'PY'
import sys, os, json
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, result_of, decisions, says
wd = os.path.abspath("wd")
c = Client(elicitation=True, answer=lambda p: {"action": "decline"})
c.initialize()
err, code, doc = result_of(c.call("plan", {"workdir": wd, "quark_version": "0.13", "target": "h200", "compare": "fp8,int4_wo_128"}))
print("plan:", code, doc["global_scheme"], [k["name"] for k in doc["comparison"]["candidates"]])
err, code, doc = result_of(c.call("confirm_plan", {"workdir": wd}))
asked = c.asked[-1]["message"]
print("declined:", code, doc["error"]["id"], "recorded:", [d[:2] for d in decisions(wd)])
for line in asked.splitlines():
    if line.startswith(("Comparison:", "  1.", "  2.", "       ")):
        print("asked>", line)
c.answer = says("yes")
err, code, doc = result_of(c.call("confirm_plan", {"workdir": wd}))
print("confirmed:", code, doc["checkpoint"], doc["confirmation"]["via"])
c.close()

ja = Client(args=("--lang", "ja"), elicitation=True, answer=lambda p: {"action": "decline"})
ja.initialize()
wdja = os.path.abspath("wd-ja")
err, code, doc = result_of(ja.call("plan", {"workdir": wdja, "quark_version": "0.13", "target": "h200", "compare": "auto", "compare_max": 2}))
err, code, doc = result_of(ja.call("confirm_plan", {"workdir": wdja}))
asked = ja.asked[-1]["message"]
print("ja: every candidate and every left-out scheme asked:",
      all(f"  {i + 1}. " in asked for i in range(2)), asked.count("\n  - ") == len(json.load(open("wd-ja/quant_plan.json"))["comparison"]["left_out"]))
ja.close()
PY
