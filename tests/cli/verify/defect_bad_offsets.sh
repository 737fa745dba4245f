# Planted defect: bad_offsets. Verification must fail with the reason.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out  --defect bad_offsets
quark-ptq verify out --plan "$PLAN" --source src || echo "exit $?"
