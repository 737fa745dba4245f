set -u
SNAP=hf/hub/models--org--tiny/snapshots/0123456789abcdef0123456789abcdef01234567
mkdir -p "$SNAP" hf/hub/models--org--tiny/refs
echo 0123456789abcdef0123456789abcdef01234567 > hf/hub/models--org--tiny/refs/main
export HF_HOME="$PWD/hf"
cp "$SRC"/examples/tiny-llama/* "$SNAP/"
unset HF_HUB_OFFLINE
export HF_ENDPOINT=http://127.0.0.1:9
quark-ptq analyze org/tiny > /dev/null
python3 - <<'PY'
import json
a = json.load(open("model_analysis.json"))
print(a["source"]["kind"], a["model"]["model_path"], a["source"].get("commit", "-"), a["quantization_targets"]["linear_layer_count"], a["analysis_status"])
PY
