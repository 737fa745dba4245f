# evaluation_fail.sh in Japanese: the figures, the verdict and the way back, all translated.
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
FAKE_EVAL=rise quark-ptq --lang ja --workdir wd run --approve "$DIGEST" 2> /dev/null | grep -E "パープレキシティ|評価|^次" || true
quark-ptq --lang ja --workdir wd accept || echo "accept exit $?"
