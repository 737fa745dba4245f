set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
cp "$SRC/tests/fixtures/safetensors_bad/gap_between_tensors.safetensors" m/model.safetensors
quark-ptq analyze m
