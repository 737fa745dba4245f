# A model type without a Quark template: refused with a fix; --write-template writes a
# starting --template_file into the workdir and the plan uses it.
source "$SRC/tests/cli/plan/lib.bash"
fixture mystery-lm
quark-ptq plan --quark-version 0.13 --target h200 2>&1 >/dev/null
echo "exit $?"
test -e quant_plan.json && echo "quant_plan.json was written"
quark-ptq plan --quark-version 0.13 --target h200 --write-template >/dev/null || exit 1
json_get quark_template_mystery_lm.json '["kv_layers_name"]'
json_get quant_plan.json '["template_file"]'
