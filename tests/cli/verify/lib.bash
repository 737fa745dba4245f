# Shared setup for the verify tests (sourced; not a test case itself).
set -euo pipefail
PLAN="$SRC/tests/fixtures/verify/quant_plan_fp8.json"
model() { python3 "$SRC/tests/fakes/quark_model.py" "$@"; }
