# plan --compare fp8,int4_wo_128 on SmolLM2-135M (hidden size 576): each candidate is the
# planner's whole plan for its scheme; int4_wo_128's group does not divide 576, so it is compared
# as int4_wo_64 and says so. Checkpoint 2's text shows the set; the document keeps the first
# candidate as its plan and each candidate's whole plan beside it.
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$SRC/tests/fixtures/checks/smollm2-135m.analysis.json" .
quark-ptq plan --quark-version 0.13 --target h200 --compare fp8,int4_wo_128 2>/dev/null | sed -n '/^Comparison/,$p'
json_get quant_plan.json '["global_scheme"]'
json_get quant_plan.json '["command"]'
json_get quant_plan.json '["comparison"]["candidates"][1]["asked"]'
json_get quant_plan.json '["comparison"]["candidates"][1]["plan"]["command"]'
json_get quant_plan.json '["comparison"]["candidates"][1]["plan"]["algorithms"]'
quark-ptq validate quant_plan.json >/dev/null && echo valid
