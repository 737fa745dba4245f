. "$SRC/tests/cli/workflow/lib.bash"
# Checkpoints 1 and 2 already confirmed: without a terminal the execution gate refuses (exit 7).
mkwd . --through 2
quark-ptq --lang ja start /models/tiny-llama --output-dir /tmp/qptq-out/tiny-llama-w4
