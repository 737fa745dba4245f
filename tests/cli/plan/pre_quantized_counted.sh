# gpt-oss stores its experts pre-quantized (MXFP4 *_blocks / *_scales, no .weight): before,
# analyze and plan counted the attention modules only ("8 of 11 quantized") and said nothing
# of the experts. Now both count and name the tensors outside the counts, with a risk.
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/fixtures/models/tiny-gpt-oss/make_model.py" m
quark-ptq analyze m | grep -E 'pre-quantized|outside'
json_get model_analysis.json '["pre_quantized"]["uncounted_tensors"]'
quark-ptq confirm analysis >/dev/null
quark-ptq plan --quark-version 0.13 --target mi300x 2>/dev/null | grep -E '^Modules|not in these counts|outside any'
json_get quant_plan.json '["modules"]["uncounted_prequantized"]["tensors"]'
