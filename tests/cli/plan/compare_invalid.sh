# A scheme --compare names that makes no valid plan is a plan problem naming it (exit 8, as any
# invalid plan): nothing is written.
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$SRC/tests/fixtures/checks/smollm2-135m.analysis.json" .
quark-ptq plan --quark-version 0.13 --target h200 --compare fp8,int4_wo128
rc=$?
[ ! -e quant_plan.json ] && echo "nothing written"
exit $rc
