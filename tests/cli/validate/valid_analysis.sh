cat > model_analysis.json <<'JSON'
{"artifact": "model_analysis", "schema_version": 1, "analysis_status": "complete",
 "model": {"model_path": "/m", "model_type": "llama", "trust_remote_code": false},
 "quantization_targets": {"linear_layer_count": 7, "exclude_defaults": ["lm_head"]}, "risks": []}
JSON
quark-ptq validate model_analysis.json
