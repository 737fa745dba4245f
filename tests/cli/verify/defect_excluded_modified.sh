# Planted defect: excluded_modified. Verification must fail with the reason.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out  --defect excluded_modified
quark-ptq verify out --plan "$PLAN" --source src || echo "exit $?"
