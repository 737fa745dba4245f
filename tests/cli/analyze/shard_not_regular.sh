# Issue 18: a shard (or config.json) that is a FIFO or /dev/zero is refused by its type,
# naming it, at once (exit 3); it is not "missing, download it", and nothing blocks on it.
set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
mkfifo m/model.safetensors
rc=0; timeout 20 quark-ptq analyze m 2>&1 || rc=$?; echo "exit $rc"
rm m/model.safetensors && ln -s /dev/zero m/model.safetensors
rc=0; timeout 20 quark-ptq analyze m 2>&1 || rc=$?; echo "exit $rc"
rm m/model.safetensors m/config.json && mkfifo m/config.json
rc=0; timeout 20 quark-ptq analyze m 2>&1 || rc=$?; echo "exit $rc"
