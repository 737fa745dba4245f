# The H200 zoo's qwen2 (tests/fixtures/quark/0.13/h200-zoo/runs/qwen2_fp8): quark-cli forces
# Qwen2's pad and eos to token id 151643 (knowledge/quark/0.13/tokenizer_fixups.json), and a
# tokenizer without that id stops it after the model has loaded. Intake says so as a high risk;
# the same checkpoint as Llama, or with a tokenizer that has the id, raises nothing.
set -u
cp -r "$SRC/examples/tiny-llama" m
python3 - <<'PY'
import json
d = json.load(open("m/config.json"))
d["model_type"] = "qwen2"
d["architectures"] = ["Qwen2ForCausalLM"]
json.dump(d, open("m/config.json", "w"))
PY
risks() { python3 -c 'import json,sys; print([r["id"] for r in json.load(open(sys.argv[1]))["risks"] if "pad_token" in r["id"]])' "$1"; }
quark-ptq --workdir w1 analyze "$PWD/m" > /dev/null 2>&1; echo "analyze exit $?"
risks w1/model_analysis.json
quark-ptq --workdir w1 analyze "$PWD/m" 2>/dev/null | grep -c "151643"
python3 - <<'PY'
import json
t = json.load(open("m/tokenizer.json"))
t.setdefault("added_tokens", []).append({"id": 151643, "content": "<|endoftext|>", "special": True, "single_word": False,
                                         "lstrip": False, "rstrip": False, "normalized": False})
json.dump(t, open("m/tokenizer.json", "w"))
PY
quark-ptq --workdir w2 analyze "$PWD/m" > /dev/null 2>&1; echo "analyze exit $?"
risks w2/model_analysis.json
