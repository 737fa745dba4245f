# The pre-quantized tensors outside the counts (gpt-oss MXFP4 experts), in Japanese.
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/fixtures/models/tiny-gpt-oss/make_model.py" m
quark-ptq --lang ja analyze m | grep -E '量子化済みテンソル|属さず'
quark-ptq confirm analysis >/dev/null
quark-ptq --lang ja plan --quark-version 0.13 --target mi300x 2>/dev/null | grep -E '^モジュール:|この数に含まれない|属さず'
