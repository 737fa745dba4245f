# plan --compare auto, bounded by --compare-max 2, in Japanese: every scheme the (shipped) Quark
# 0.13 supports is a candidate or left out with its reason (over the bound, the same plan as a
# candidate, another name of one, or the plan's own problem).
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$SRC/tests/fixtures/checks/smollm2-135m.analysis.json" .
quark-ptq --lang ja plan --quark-version 0.13 --target h200 --compare auto --compare-max 2 2>/dev/null | sed -n '/^比較/,$p'
json_get quant_plan.json '["comparison"]["mode"]'
json_get quant_plan.json '["comparison"]["max"]'
json_get quant_plan.json '["options"]'
