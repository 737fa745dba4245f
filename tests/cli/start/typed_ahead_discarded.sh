. "$SRC/tests/cli/workflow/lib.bash"
# Issue 18 item 3: "yes" typed three times at checkpoint 1 must not confirm the plan and
# approve the command before either was shown: answers typed ahead are discarded before each
# question, so only checkpoint 1 is confirmed and nothing runs.
mkwd . --model /models/tiny-llama
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript transcript.txt --eof --timeout 8 \
  --expect 'Confirm the analysis\?' --send $'yes\nyes\nyes' \
  -- quark-ptq start /models/tiny-llama --output-dir /tmp/qptq-out/tiny-llama-w4
jget checkpoints.json '[c["checkpoint"] for c in d["confirmations"]]'
test -e /tmp/qptq-out/tiny-llama-w4/.fake-quark-cli-ran && echo "RAN ANYWAY"
exit 0
