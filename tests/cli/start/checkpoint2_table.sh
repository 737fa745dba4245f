# Issue 16 item 5: start's decision table at checkpoint 2 showed "-" in every decision cell
# and raw JSON reasons (it read keys the plan does not have). Now: the plan's decisions, their
# reasons in the user's language, and the risks confirming accepts.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'Confirm the analysis\?' --send yes --expect 'Confirm the plan\?' --send no \
  -- quark-ptq start model --output-dir out --quark-version 0.13 --target mi300x >/dev/null
echo "start exited with $?"
sed -n '/^Decision table/,/^Checkpoint 2:/p' t.txt | sed "s|$PWD/||"
