# A comparison always evaluates: --eval none beside --compare is a usage error, one line.
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$SRC/tests/fixtures/checks/smollm2-135m.analysis.json" .
quark-ptq plan --quark-version 0.13 --target h200 --compare fp8,ptpc_fp8 --eval none
