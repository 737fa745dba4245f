# A valid plan exists; re-planning with a mistyped scheme fails before anything runs
# (exit 8, evidence and a fix) and leaves the existing plan untouched.
source "$SRC/tests/cli/plan/lib.bash"
fixture llama-3.1-8b
quark-ptq plan --quark-version 0.13 --target h200 >/dev/null || exit 1
before=$(sha256sum quant_plan.json)
quark-ptq plan --quark-version 0.13 --target h200 --scheme int4_wo128 --kv-cache int8_per_token >/dev/null
rc=$?
test "$before" = "$(sha256sum quant_plan.json)" && echo "plan unchanged"
exit $rc
