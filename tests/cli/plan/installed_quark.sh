# An installed Quark (a fake venv whose python / quark-cli print the REAL outputs captured from
# amd-quark 0.13): the plan is verified against it; the second run uses the probe cache.
source "$SRC/tests/cli/plan/lib.bash"
fixture qwen3-8b
fake_quark_env 0.13
export VIRTUAL_ENV="$PWD/venv"
quark-ptq plan --target mi355x --priority accuracy | head -1
json_get quant_plan.json '["quark"]["verified"]'
json_get quant_plan.json '["quark"]["source"]'
json_get quant_plan.json '["global_scheme"]'
quark-ptq plan --target mi355x --priority accuracy | head -1
grep -c '^python' venv/calls
grep '^quark-cli' venv/calls
# awq has no built-in config for qwen3 in the installed Quark: refused before anything runs.
quark-ptq plan --target mi355x --scheme int4_wo_128 --algo awq 2>&1 >/dev/null | head -2
