# The environment verdict in the manifest says not ready: exit 6.
source "$SRC/tests/cli/run/lib.bash"
make_wd --not-ready
quark-ptq --workdir wd run --approve "$DIGEST" || echo "exit $?"
