# Issue 37 item 8: each stage line measures the run against the estimate checkpoint 3 showed:
# how long quark-cli has run and about how long is left, and once the estimate is passed, that
# it is. The fake pauses a second at each stage.
source "$SRC/tests/cli/run/lib.bash"
make_wd --estimate-seconds 600
FAKE_QUARK_SLEEP=0 quark-ptq --workdir wd run --approve "$DIGEST" 2>/dev/null | grep "stage:"
rm -rf wd out
make_wd --estimate-seconds 1 --env FAKE_QUARK_SLEEP=0.6
quark-ptq --workdir wd run --approve "$DIGEST" 2>/dev/null | grep "stage:"
