# A path that does not exist is bad input (exit 3), naming it: there is nothing to verify
# (issue 18; before: "does not exist" as a failed verification, exit 10).
source "$SRC/tests/cli/verify/lib.bash"
quark-ptq verify nowhere || echo "exit $?"
