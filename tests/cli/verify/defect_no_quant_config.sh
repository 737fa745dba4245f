# Planted defect: no_quant_config. Verification must fail with the reason.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out  --defect no_quant_config
quark-ptq verify out --plan "$PLAN" --source src || echo "exit $?"
