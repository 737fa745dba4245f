set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
ln -s model.safetensors m/model.safetensors
quark-ptq analyze m
