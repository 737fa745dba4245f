# Planted defect: missing_scale. Verification must fail with the reason.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out  --defect missing_scale
quark-ptq verify out --plan "$PLAN" --source src || echo "exit $?"
