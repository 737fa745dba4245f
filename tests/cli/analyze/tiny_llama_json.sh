set -u
quark-ptq analyze "$SRC/examples/tiny-llama" --json > out.json
python3 - <<'PY'
import json
a = json.load(open("out.json"))
b = json.load(open("model_analysis.json"))
assert a == b
print(a["analysis_status"], a["model"]["model_type"], a["quantization_targets"]["linear_layer_count"], a["model"]["trust_remote_code"])
PY
