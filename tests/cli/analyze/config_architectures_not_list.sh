set -u
mkdir m && echo '{"model_type": "llama", "architectures": "LlamaForCausalLM"}' > m/config.json
quark-ptq analyze ./m
