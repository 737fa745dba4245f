# Checkpoint 1 confirms the analysis' facts, not that its risks are fine: each risk of the
# analysis is carried into the plan, shown and accepted by name at checkpoint 2, or answered
# by a decision that says so (DeepSeek-V3: already fp8, ~641 GiB -> --multi-device).
source "$SRC/tests/cli/plan/lib.bash"
cp -r "$SRC/tests/fixtures/models/deepseek-v3" model
quark-ptq analyze model >/dev/null
# The size risk needs 641 GiB of shard headers; it is added as intake writes it.
python3 - <<'PY'
import json
a = json.load(open("model_analysis.json"))
a["risks"].append({"severity": "medium", "message": "the checkpoint declares 641 GiB of weights; loading it likely needs several devices",
                   "recovery_hint": "plan with --multi-device and check free GPU and host memory in step 3",
                   "id": "intake.risk_memory", "args": {"gib": "641"}, "makes_partial": False})
json.dump(a, open("model_analysis.json", "w"))
PY
quark-ptq confirm analysis >/dev/null 2>&1
quark-ptq plan --quark-version 0.13 --target mi300x 2>/dev/null | sed -n '/^Risks/,$p'
quark-ptq confirm plan
json_get quant_plan.json '["risks"][3]["origin"]'
echo "--- with --multi-device"
quark-ptq plan --quark-version 0.13 --target mi300x --multi-device 2>/dev/null | grep -B3 'answers the analysis'
json_get quant_plan.json '["resolved_risks"][0]["decision"]'
quark-ptq plan --quark-version 0.13 --target mi300x --multi-device 2>/dev/null | grep -c 'declares 641 GiB'
