# Every evaluation writes its own log and figures under <workdir>/evaluation: a second
# evaluation neither removes the first one's figures nor fails on its log. A link planted at
# <workdir>/evaluation is never written or deleted through: the evaluation does not run and
# says what to remove.
mkdir -p src out && echo '{"text": "held-out prose"}' > text.jsonl
ev() { FAKE_EVAL=rise quark-ptq --workdir wd evaluate --source src out --text text.jsonl --python "$SRC/tests/fakes/evaluator-python" --canary-tokens 8 "$@"; }
ev > /dev/null 2>&1 || echo "first: exit $?"
ev > /dev/null 2>&1 || echo "second: exit $?"
echo "figures kept: $(ls wd/evaluation/*.json | wc -l), logs: $(ls wd/evaluation/*.log | wc -l)"
mkdir -p elsewhere && echo '{"keep": true}' > elsewhere/evaluation.json
mkdir -p wd2 && ln -s "$PWD/elsewhere" wd2/evaluation
FAKE_EVAL=rise quark-ptq --workdir wd2 evaluate --source src out --text text.jsonl --python "$SRC/tests/fakes/evaluator-python" --canary-tokens 8 2>&1 | grep -o "is not a directory quark-ptq made.*" || true
echo "outside the workdir: $(ls elsewhere) $(cat elsewhere/evaluation.json)"
