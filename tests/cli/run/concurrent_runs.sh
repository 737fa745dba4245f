# Issue 18 item 10: two runs started together: exactly one runs quark-cli, the other is
# refused because the workdir is locked.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=hang
quark-ptq --workdir wd run --approve "$DIGEST" > a.txt 2> a.err &
a=$!
for i in $(seq 100); do grep -q "Loading dataset" wd/logs/run-*.log 2>/dev/null && break; sleep 0.1; done
rc=0; quark-ptq --workdir wd run --approve "$DIGEST" > b.txt 2> b.err || rc=$?
echo "second exit $rc"
grep -o "a run is already in progress\|another run holds the workdir" b.err | head -1
kill -TERM $a; wait $a || true
ls wd/logs | wc -l
