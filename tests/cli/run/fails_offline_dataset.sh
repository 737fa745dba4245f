# The fake quark-cli fails (offline_dataset): stop, diagnose, no retry; exit 9 with the diagnosis recorded.
source "$SRC/tests/cli/run/lib.bash"
check_failed_run offline_dataset
