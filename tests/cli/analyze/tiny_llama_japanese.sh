set -u
quark-ptq --lang ja analyze "$SRC/examples/tiny-llama"
