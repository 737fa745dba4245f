set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
cp "$SRC/examples/tiny-llama/model.safetensors" m/model-00001-of-00001.safetensors
echo '{"weight_map": {"lm_head.weight": "model-00001-of-00001.safetensors"}}' > m/model.safetensors.index.json
quark-ptq analyze m
