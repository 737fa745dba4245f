# Exclusions corrected at checkpoint 1 flow into the plan: quark-cli gets them as
# --exclude_layers (exclude_source "user"), not the template's lm_head alone; an --exclude at
# plan time still wins.
source "$SRC/tests/cli/plan/lib.bash"
fixture qwen3-8b --no-confirm
quark-ptq confirm analysis --set 'quantization_targets.exclude_defaults=lm_head,*layers.0.mlp*' > /dev/null
quark-ptq plan --quark-version 0.13 --target mi300x > plan.txt
json_get quant_plan.json '["exclude_layers"]'
json_get quant_plan.json '["exclude_source"]'
grep -c "corrected at checkpoint 1" plan.txt
quark-ptq plan --quark-version 0.13 --target mi300x --exclude lm_head > /dev/null
json_get quant_plan.json '["exclude_layers"]'
