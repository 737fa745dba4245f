# Issue 18: a shard whose header is "{}" (no tensors) is a high risk and makes the analysis
# partial; before, it was analysed "complete" with no risk.
set -u
mkdir m && cp "$SRC/examples/tiny-llama/config.json" "$SRC/examples/tiny-llama/tokenizer.json" m/
printf '\x02\x00\x00\x00\x00\x00\x00\x00{}' > m/model.safetensors
quark-ptq --workdir wd analyze m
python3 -c 'import json; d = json.load(open("wd/model_analysis.json")); print(d["analysis_status"], [(r["severity"], r.get("id")) for r in d["risks"] if "empty" in r.get("id", "")])'
