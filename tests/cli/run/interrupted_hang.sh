# SIGTERM to quark-ptq while quark-cli hangs: forwarded to the child's group, exit 130,
# the manifest says interrupted and the child is gone.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=hang
quark-ptq --workdir wd run --approve "$DIGEST" > out.txt 2> err.txt &
pid=$!
for i in $(seq 100); do grep -q "Loading dataset" wd/logs/run-*.log 2>/dev/null && break; sleep 0.1; done
echo "while running: $(yaml_get wd/run_manifest.yaml run.status)"
kill -TERM $pid
rc=0; wait $pid || rc=$?
echo "exit $rc"
echo "$(yaml_get wd/run_manifest.yaml run.status) $(yaml_get wd/run_manifest.yaml run.interrupted_by) $(yaml_get wd/run_manifest.yaml run.killed_after_grace)"
child=$(yaml_get wd/run_manifest.yaml run.child_pid)
kill -0 "$child" 2>/dev/null && echo "child still alive" || echo "child gone"
quark-ptq validate wd/run_manifest.yaml > /dev/null && echo "manifest valid"
