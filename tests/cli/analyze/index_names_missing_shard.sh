set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
echo '{"weight_map": {"a.weight": "model-00001-of-00002.safetensors"}}' > m/model.safetensors.index.json
quark-ptq analyze m
