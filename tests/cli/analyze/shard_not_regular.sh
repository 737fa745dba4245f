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
# The same in the Hugging Face cache: the snapshot's link leads to a FIFO blob or /dev/zero
# (before: analysed, "no weight files were found", download them).
SNAP=hf/hub/models--org--tiny/snapshots/0123456789abcdef0123456789abcdef01234567
mkdir -p "$SNAP" hf/hub/models--org--tiny/refs hf/hub/models--org--tiny/blobs
echo 0123456789abcdef0123456789abcdef01234567 > hf/hub/models--org--tiny/refs/main
cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" "$SNAP/"
mkfifo hf/hub/models--org--tiny/blobs/0a1b
ln -s ../../blobs/0a1b "$SNAP/model.safetensors"
rc=0; HF_HOME="$PWD/hf" HF_HUB_OFFLINE=1 timeout 20 quark-ptq --workdir wd analyze org/tiny 2>&1 || rc=$?; echo "exit $rc"
rm "$SNAP/model.safetensors" && ln -s /dev/zero "$SNAP/model.safetensors"
rc=0; HF_HOME="$PWD/hf" HF_HUB_OFFLINE=1 timeout 20 quark-ptq --workdir wd analyze org/tiny 2>&1 || rc=$?; echo "exit $rc"
