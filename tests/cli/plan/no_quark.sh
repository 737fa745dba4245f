# No Quark anywhere and no --quark-version: say how to proceed (exit 6).
source "$SRC/tests/cli/plan/lib.bash"
fixture llama-3.1-8b
PATH="$(dirname "$(command -v quark-ptq)"):/usr/bin:/bin" quark-ptq plan --target h200
rc=$?
test -e quant_plan.json && echo "quant_plan.json was written"
exit $rc
