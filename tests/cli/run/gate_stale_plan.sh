# The plan changed after checkpoint 2: stale (exit 5), back to checkpoint 2.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - <<'PY'
import json
p = json.load(open("wd/quant_plan.json"))
p["global_scheme"] = "ptpc_fp8"
json.dump(p, open("wd/quant_plan.json", "w"))
PY
quark-ptq --workdir wd run --approve "$DIGEST" || echo "exit $?"
