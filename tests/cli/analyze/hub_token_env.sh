set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub ok --token s3cret-token
export HF_TOKEN=s3cret-token
quark-ptq analyze org/tiny --json > out.json 2> err.txt
python3 - <<'PY'
import json
a = json.load(open("model_analysis.json"))
print(a["source"]["kind"], a["model"]["model_path"], a["source"].get("commit", "-"), a["quantization_targets"]["linear_layer_count"], a["analysis_status"])
PY
! grep -rq s3cret-token model_analysis.json out.json err.txt hub.log
echo "token not written"
