# Nothing analysed yet: planning is refused.
source "$SRC/tests/cli/plan/lib.bash"
quark-ptq plan --quark-version 0.13
