# A directory that does not exist is a failed verification (exit 10), not a crash.
source "$SRC/tests/cli/verify/lib.bash"
quark-ptq verify nowhere || echo "exit $?"
