. "$SRC/tests/cli/workflow/lib.bash"
# No terminal: the question of checkpoint 1 cannot be asked, which is a refusal, never a yes.
mkwd . --model /models/tiny-llama
quark-ptq start /models/tiny-llama --output-dir /tmp/qptq-out/tiny-llama-w4
rc=$?
test -e checkpoints.json || echo "nothing confirmed" >&2
exit $rc
