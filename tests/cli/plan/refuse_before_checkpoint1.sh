# The analysis exists but checkpoint 1 is not confirmed: refuse (exit 4), write nothing.
source "$SRC/tests/cli/plan/lib.bash"
fixture llama-3.1-8b --no-confirm
quark-ptq plan --quark-version 0.13 --target mi300x
rc=$?
test -e quant_plan.json && echo "quant_plan.json was written"
exit $rc
