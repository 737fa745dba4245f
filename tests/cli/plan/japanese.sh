# The decision table and the next step in Japanese.
source "$SRC/tests/cli/plan/lib.bash"
fixture tiny-qwen3-moe
quark-ptq --lang ja plan --quark-version 0.13 --target mi355x --priority size
