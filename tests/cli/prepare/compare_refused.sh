# Running a comparison is not in this release: prepare refuses a confirmed plan that holds one,
# in one line that says what to do instead (exit 2), and writes nothing.
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$SRC/tests/fixtures/checks/smollm2-135m.analysis.json" .
quark-ptq plan --quark-version 0.13 --target h200 --compare fp8,int4_wo_128 >/dev/null 2>&1 || exit 1
quark-ptq confirm plan >/dev/null || exit 1
quark-ptq prepare --output-dir "$PWD/out"
rc=$?
[ ! -e run_manifest.yaml ] && [ ! -e out ] && echo "nothing written"
exit $rc
