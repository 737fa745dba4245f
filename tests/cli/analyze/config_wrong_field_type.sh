set -u
mkdir m && echo '{"model_type": "llama", "num_hidden_layers": "32"}' > m/config.json
quark-ptq analyze ./m
