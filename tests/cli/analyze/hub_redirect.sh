set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub redirect
quark-ptq analyze org/tiny > /dev/null
python3 - <<'PY'
import json
a = json.load(open("model_analysis.json"))
print(a["source"]["kind"], a["model"]["model_path"], a["source"].get("commit", "-"), a["quantization_targets"]["linear_layer_count"], a["analysis_status"])
PY
grep -c "^GET /cdn/" hub.log
