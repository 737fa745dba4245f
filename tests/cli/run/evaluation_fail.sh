# Issue 15: the plan asked quark-ptq to evaluate, prepare recorded the evaluator (covered by the
# digest), and the verified output's perplexity rose beyond the threshold (the fake evaluator's
# "rise"): run exits 12 with the figures and no "accept" hint; accept refuses (12) until the
# person accepts knowingly with --despite-evaluation.
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
FAKE_EVAL=rise quark-ptq --workdir wd run --approve "$DIGEST" > run.txt 2> run.err || echo "run exit $?"
grep -E "^verification|^\[FAIL\]|^evaluation:|^next:" run.txt
grep -c "fake evaluator (rise)" run.err
echo "manifest: result $(yaml_get wd/run_manifest.yaml result.status), evaluation $(yaml_get wd/run_manifest.yaml evaluation.verdict)"
quark-ptq --workdir wd accept || echo "accept exit $?"
quark-ptq --workdir wd accept --despite-evaluation > /dev/null && echo "accepted knowingly"
python3 -c 'import json; c = json.load(open("wd/checkpoints.json"))["confirmations"][-1]; print(c["decision"], "|", c["user_words"])'
