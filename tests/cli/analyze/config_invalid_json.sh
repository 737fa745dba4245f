set -u
mkdir m && printf '{"model_type": "llama",' > m/config.json
quark-ptq analyze ./m
