# Issue 37 item 12: a whole walk of start in Japanese says nothing in English outside quark-cli's
# own lines. Steps 1-3 on the example model (shipped knowledge for Quark 0.13, MI300X): both
# checkpoints answered はい; the environment here has no Quark, so checkpoint 3 is not asked and
# the problems are listed. Then, from a workdir prepared for the fake quark-cli and a fake
# evaluator that prints the texts quark-ptq passes it: はい at checkpoint 3, the run, its
# verification and evaluation, and はい at checkpoint 4.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t1.txt --eof \
  --expect '解析内容で確定しますか' --send はい \
  --expect '計画で確定しますか' --send はい \
  -- quark-ptq --lang ja --workdir wd1 start model --output-dir out1 --quark-version 0.13 --target mi300x >/dev/null
echo "steps 1-3: exit $?"
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
export FAKE_EVAL=pass
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t2.txt --eof \
  --expect 'この正確なコマンドを実行してもよろしいですか' --send はい \
  --expect '受け入れますか' --send はい \
  -- quark-ptq --lang ja --workdir wd start src --output-dir out >/dev/null
echo "step 4: exit $?"
grep -c "torch と transformers を読み込んでいます" t2.txt
python3 "$SRC/tests/cli/start/english_left.py" t1.txt t2.txt
