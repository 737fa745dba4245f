set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub ok --token file-token
mkdir -p hfhome && echo file-token > hfhome/token
export HF_HOME="$PWD/hfhome"
quark-ptq analyze org/tiny > /dev/null
python3 - <<'PY'
import json
a = json.load(open("model_analysis.json"))
print(a["source"]["kind"], a["model"]["model_path"], a["source"].get("commit", "-"), a["quantization_targets"]["linear_layer_count"], a["analysis_status"])
PY
