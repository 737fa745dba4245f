# An export written by Quark 0.12 (its config.json says so) measured by an evaluator whose Quark is
# 0.13: the result names the cross-release load, in the text and in --json, so a bad figure is
# not taken for the quantization's without a second look. Exit 12 (the fake's figures fail).
mkdir -p src out && echo '{"text": "held-out prose"}' > text.jsonl
echo '{"quantization_config": {"quant_method": "quark", "version": "0.12"}}' > out/config.json
export FAKE_EVAL=rise FAKE_EVAL_QUARK=0.13
rc=0
quark-ptq evaluate --source src out --text text.jsonl --python "$SRC/tests/fakes/evaluator-python" --canary-tokens 8 2>/dev/null > text.txt || rc=$?
grep "cross-release" text.txt
quark-ptq --json evaluate --source src out --text text.jsonl --python "$SRC/tests/fakes/evaluator-python" --canary-tokens 8 2>/dev/null \
  | python3 -c 'import json, sys; print("json:", json.load(sys.stdin)["quark_releases"])' || true
exit $rc
