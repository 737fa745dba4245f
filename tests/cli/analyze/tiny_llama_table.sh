set -u
quark-ptq analyze "$SRC/examples/tiny-llama"
test -s model_analysis.json
quark-ptq validate model_analysis.json > /dev/null
