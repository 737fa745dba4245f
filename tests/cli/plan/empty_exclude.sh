# An empty exclusion pattern is refused: an empty exclusion list is never emitted by accident.
source "$SRC/tests/cli/plan/lib.bash"
fixture llama-3.1-8b
quark-ptq plan --quark-version 0.13 --target h200 --exclude ''
