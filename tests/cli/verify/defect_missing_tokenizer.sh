# Planted defect: missing_tokenizer. Verification must fail with the reason.
source "$SRC/tests/cli/verify/lib.bash"
model source src
model output out  --defect missing_tokenizer
quark-ptq verify out --plan "$PLAN" --source src || echo "exit $?"
