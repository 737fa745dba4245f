# Issue 37 item 6: a verified output whose evaluation is not a pass still reaches checkpoint 4
# inside start: the result and the evaluation are shown, and the question says that a yes
# accepts it despite the evaluation. First a no (stops, exit 12, nothing accepted), then,
# resumed, a yes (accepted knowingly, recorded with the person's words).
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
export FAKE_EVAL=rise
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t1.txt --eof \
  --expect 'Shall I run this exact command' --send 'yes' \
  --expect 'Accept it anyway, knowingly\?' --send 'no' \
  -- quark-ptq --lang en --workdir wd start src --output-dir out > /dev/null || echo "first start: exit $?"
grep -E '^  evaluation ' t1.txt | sed 's/  */ /g' | cut -c1-60
grep -c "Accept it anyway, knowingly?" t1.txt
echo "hints above the question: $(grep -c "^next:" t1.txt)"
python3 -c 'import json; print([c["checkpoint"] for c in json.load(open("wd/checkpoints.json"))["confirmations"]])'
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t2.txt --eof \
  --expect 'Accept it anyway, knowingly\?' --send 'yes' \
  -- quark-ptq --lang en --workdir wd start src --output-dir out > /dev/null && echo "resumed start: exit 0"
python3 -c 'import json; c = json.load(open("wd/checkpoints.json"))["confirmations"][-1]; print(c["checkpoint"], c["decision"], c["user_words"])'
