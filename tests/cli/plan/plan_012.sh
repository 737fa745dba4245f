# Against an installed 0.12.post1 (REAL captured outputs): no --template_file in that CLI, so a
# model type without a template gets "upgrade" as the fix, and mx9 is not a scheme there.
source "$SRC/tests/cli/plan/lib.bash"
fixture mystery-lm
fake_quark_env 0.12.post1
quark-ptq plan --python venv/bin/python --target mi300x --scheme mx9 2>&1 >/dev/null
echo "exit $?"
