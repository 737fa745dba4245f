set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
quark-ptq analyze m
