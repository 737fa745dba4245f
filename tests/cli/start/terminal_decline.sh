. "$SRC/tests/cli/workflow/lib.bash"
# A person at a terminal: a correction that does not validate is refused and asked again,
# "yes" at checkpoints 1 and 2, then "ok, the plan looks fine" at the execution gate, which
# is not an approval: asked again, as `run` asks (issue 16 item 5), then "no": exit 7,
# nothing run, no approval recorded. Each answer is sent only once its question is shown: the
# prompt discards what was typed ahead, so an answer sent on the refusal line before it could
# be thrown away (seen under load: the run then waited for input until killed).
mkwd . --model /models/tiny-llama
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript transcript.txt \
  --expect 'Confirm the analysis\?' --send 'model.trust_remote_code=maybe' \
  --expect 'Confirm the analysis\?' --send 'yes' \
  --expect 'Confirm the plan\?' --send 'y' \
  --expect 'Shall I run this exact command\?' --send 'ok, the plan looks fine' \
  --expect 'more time[\s\S]*Shall I run this exact command\?' --send 'no' \
  -- quark-ptq start /models/tiny-llama --output-dir /tmp/qptq-out/tiny-llama-w4
rc=$?
grep -E '^(quark-ptq: error|Checkpoint [12] \(|Only yes|"ok, the plan|"no"|Stopped at)' transcript.txt
jget checkpoints.json '[c["checkpoint"] for c in d["confirmations"]], [c["user_words"] for c in d["confirmations"]]'
jget quant_plan.json 'd["requires_confirmation"]'
test -e /tmp/qptq-out/tiny-llama-w4/.fake-quark-cli-ran && echo "RAN ANYWAY"
exit $rc
