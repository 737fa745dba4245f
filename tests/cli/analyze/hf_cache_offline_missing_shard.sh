set -u
SNAP=hf/hub/models--org--tiny/snapshots/0123456789abcdef0123456789abcdef01234567
mkdir -p "$SNAP" hf/hub/models--org--tiny/refs
echo 0123456789abcdef0123456789abcdef01234567 > hf/hub/models--org--tiny/refs/main
export HF_HOME="$PWD/hf"
cp "$SRC/examples/tiny-llama/config.json" "$SNAP/"
echo '{"weight_map": {"lm_head.weight": "model-00001-of-00002.safetensors", "x": "model-00002-of-00002.safetensors"}}' > "$SNAP/model.safetensors.index.json"
quark-ptq analyze org/tiny | grep -E "partial|\[high\]"
