# Issue 16 item 7: `--target cpu` is refused where it is chosen (checkpoint 2) when the
# installed Quark cannot quantize on a CPU (0.13), with the route that works (the 0.12.post1
# environment); nothing is written. Against 0.12.post1 the same plan is written. English
# and Japanese.
source "$SRC/tests/cli/plan/lib.bash"
fixture qwen3-8b
fake_quark_env 0.13
quark-ptq plan --python venv/bin/python --target cpu >/dev/null 2>err.txt
echo "0.13: exit $?"
grep -E "cannot quantize on a CPU|setup-quark-cpu-env" err.txt | sed 's/^quark-ptq: [a-z]*: *//'
[ -e quant_plan.json ] && echo "PLAN WRITTEN" || echo "no plan written"
quark-ptq --lang ja plan --python venv/bin/python --target cpu >/dev/null 2>err_ja.txt
echo "0.13 ja: exit $?"
grep -c "setup-quark-cpu-env.sh の後、--python [^ ]*.venv-quark-cpu/bin/python" err_ja.txt
rm -rf venv .cache
fake_quark_env 0.12.post1
quark-ptq plan --python venv/bin/python --target cpu >/dev/null 2>&1
echo "0.12.post1: exit $?"
json_get quant_plan.json '["target"]["name"]'
