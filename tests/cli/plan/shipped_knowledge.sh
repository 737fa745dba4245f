# No Quark installed: --quark-version plans from shipped knowledge and says it is unverified.
source "$SRC/tests/cli/plan/lib.bash"
fixture llama-3.1-8b
quark-ptq plan --quark-version 0.13 --target mi300x || exit $?
json_get quant_plan.json '["requires_confirmation"]'
json_get quant_plan.json '["quark"]["verified"]'
json_get quant_plan.json '["global_scheme"]'
json_get quant_plan.json '["exclude_layers"]'
json_get quant_plan.json '["calibration"]["num_calib_data"]'
quark-ptq validate quant_plan.json >/dev/null && echo valid
