printf '{"analysis_status": ' > model_analysis.json
quark-ptq validate model_analysis.json
