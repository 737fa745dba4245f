set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
echo '{"weight_map": {"a.weight": "../x.safetensors"}}' > m/model.safetensors.index.json
quark-ptq analyze m
