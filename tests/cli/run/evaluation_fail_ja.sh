# evaluation_fail.sh in Japanese: the figures, the verdict and the way back, all translated;
# the verdict's reason too, in run, status and accept (issue 16 item 10: it was the artifact's
# English, "perplexity rose ...", and accept said "評価は fail").
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
FAKE_EVAL=rise quark-ptq --lang ja --workdir wd run --approve "$DIGEST" 2> /dev/null | grep -E "パープレキシティ|評価|^次" || true
quark-ptq --lang ja --workdir wd status | grep -A1 "^次の作業"
quark-ptq --lang ja --workdir wd accept || echo "accept exit $?"
