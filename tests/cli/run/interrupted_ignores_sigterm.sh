# Ctrl-C while quark-cli ignores SIGINT/SIGTERM: killed after the grace period, exit 130.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=ignore_sigterm
quark-ptq --workdir wd run --approve "$DIGEST" --stop-grace 0.5 > out.txt 2> err.txt &
pid=$!
for i in $(seq 100); do grep -q "Loading dataset" wd/logs/run-*.log 2>/dev/null && break; sleep 0.1; done
kill -INT $pid
rc=0; wait $pid || rc=$?
echo "exit $rc"
grep -c "SIGINT received" out.txt
echo "$(yaml_get wd/run_manifest.yaml run.status) $(yaml_get wd/run_manifest.yaml run.interrupted_by) $(yaml_get wd/run_manifest.yaml run.killed_after_grace) $(yaml_get wd/run_manifest.yaml run.signal)"
