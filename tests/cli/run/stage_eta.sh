# Issue 37 item 8: each stage line measures the run against the estimate checkpoint 3 showed:
# how long quark-cli has run and about how long is left, and once the estimate is passed, that
# it is. The fake pauses a second at each stage.
source "$SRC/tests/cli/run/lib.bash"
make_wd --estimate-seconds 600
FAKE_QUARK_SLEEP=0 quark-ptq --workdir wd run --approve "$DIGEST" 2>/dev/null | grep "stage:"
rm -rf wd out
make_wd --estimate-seconds 1 --env FAKE_QUARK_SLEEP=0.6
quark-ptq --workdir wd run --approve "$DIGEST" 2>/dev/null | grep "stage:"
# The same lines inside start (its view passes the estimate on to the run's).
rm -rf wd out
make_wd --estimate-seconds 600
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'Shall I run this exact command' --send 'yes' \
  -- quark-ptq --lang en --workdir wd start src --output-dir out > /dev/null || true
grep -c "quark-cli was estimated at ~10 min" t.txt
