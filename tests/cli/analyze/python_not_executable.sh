# analyze --python names the interpreter the model oracle runs in, as in plan: one that is not
# an executable file is the user's to fix (exit 3), and nothing is written.
set -u
quark-ptq --workdir wd analyze "$SRC/examples/tiny-llama" --python "$PWD/no-such-python"
echo "exit $?"
ls wd 2>/dev/null | wc -l
