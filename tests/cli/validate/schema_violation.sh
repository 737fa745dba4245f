cat > quant_plan.json <<'JSON'
{"model": {"model_type": "llama", "analysis_ref": "model_analysis.json"}, "global_scheme": "fp8",
 "exclude_layers": ["lm_head"], "layer_quant_config": {"*down_proj": 3}, "requires_confirmation": true}
JSON
quark-ptq validate quant_plan.json
