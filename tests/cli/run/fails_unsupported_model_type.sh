# The fake quark-cli fails (unsupported_model_type): stop, diagnose, no retry; exit 9 with the diagnosis recorded.
source "$SRC/tests/cli/run/lib.bash"
check_failed_run unsupported_model_type
