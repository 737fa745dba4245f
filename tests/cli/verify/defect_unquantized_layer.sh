# Planted defect: unquantized_layer. Verification must fail with the reason.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out  --defect unquantized_layer
quark-ptq verify out --plan "$PLAN" --source src || echo "exit $?"
