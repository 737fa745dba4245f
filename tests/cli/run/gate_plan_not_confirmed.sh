# Checkpoint 2 not confirmed: run refuses (exit 4) before looking at the command.
source "$SRC/tests/cli/run/lib.bash"
make_wd --no-plan-confirmation
quark-ptq --workdir wd run --approve "$DIGEST" || echo "exit $?"
