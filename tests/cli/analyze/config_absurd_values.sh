# Issue 18 item 14: absurd sizes in config.json (1e12 layers, 1e9 experts, -1, 2^63) are
# refused by analyze at once, with exit 3, naming config.json and the key; none reaches
# model_analysis.json. A config-only model is estimated in time that does not grow with the
# layer and expert counts it claims (before: the 1e12-layer case ran for days).
set -u
try() {  # JSON-TEXT-MERGED-INTO-THE-CONFIG
  rm -rf m && mkdir m
  python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); c.update(json.loads(sys.argv[2])); print(json.dumps(c))' \
    "$SRC/examples/tiny-llama/config.json" "$1" > m/config.json
  rc=0
  timeout 20 quark-ptq --workdir wd analyze ./m > out 2> err || rc=$?
  echo "$1: exit $rc"
  sed 's|^quark-ptq: error: /.*/m/config.json|quark-ptq: error: m/config.json|' err
  ls wd 2>/dev/null
}
try '{"num_hidden_layers": 1e12}'
try '{"num_hidden_layers": -1}'
try '{"vocab_size": 9223372036854775808}'
try '{"hidden_size": 4096.5}'
try '{"model_type": "mixtral", "num_local_experts": 1000000000}'
try '{"model_type": "mixtral", "num_hidden_layers": 10000, "num_local_experts": 16384}'
try '{"model_type": "llava", "text_config": {"model_type": "llama", "num_hidden_layers": 1e12}}'
try '{"model_type": "mixtral", "num_hidden_layers": 2000, "num_local_experts": 512, "num_experts_per_tok": 8}'
grep -o "\"linear_layer_count\": [0-9]*" wd/model_analysis.json
