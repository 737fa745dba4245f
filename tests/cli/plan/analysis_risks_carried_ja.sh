# The analysis' risks carried into the plan and accepted at checkpoint 2, in Japanese.
source "$SRC/tests/cli/plan/lib.bash"
cp -r "$SRC/tests/fixtures/models/deepseek-v3" model
quark-ptq analyze model >/dev/null
quark-ptq confirm analysis >/dev/null 2>&1
quark-ptq --lang ja plan --quark-version 0.13 --target mi300x 2>/dev/null | sed -n '/^確定すると/,$p'
quark-ptq --lang ja confirm plan
