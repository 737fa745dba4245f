# The evaluator (a fake: failure paths) reports "crash": the verdict is not pass, exit 12.
mkdir -p src out && echo '{"text": "held-out prose"}' > text.jsonl
FAKE_EVAL=crash quark-ptq evaluate --source src out --text text.jsonl --python "$SRC/tests/fakes/evaluator-python" --canary-tokens 8
