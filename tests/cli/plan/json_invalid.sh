# --json: an invalid plan is one JSON document on stdout (problems with fixes), exit 8.
source "$SRC/tests/cli/plan/lib.bash"
fixture tiny-qwen3-moe
quark-ptq --json plan --quark-version 0.13 --target mi300x --exclude lm_head --calib-dataset ScienceQA >out.json 2>/dev/null
rc=$?
python3 - <<'PY'
import json
d = json.load(open("out.json"))
print(d["valid"], d["written"])
for p in d["problems"]:
    print(p["code"], "|", p["fix"])
PY
test -e quant_plan.json && echo "quant_plan.json was written"
exit $rc
