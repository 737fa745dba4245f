# quark-ptq itself killed (SIGKILL) mid-run: the manifest stays valid and says running, with
# the supervisor's pid (now gone), so that `status` can report the run as interrupted.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=hang
quark-ptq --workdir wd run --approve "$DIGEST" > out.txt 2> err.txt &
pid=$!
for i in $(seq 100); do grep -q "Loading dataset" wd/logs/run-*.log 2>/dev/null && break; sleep 0.1; done
for i in $(seq 50); do [ "$(yaml_get wd/run_manifest.yaml run.stage)" = loading_dataset ] && break; sleep 0.1; done
kill -KILL $pid
wait $pid || true
quark-ptq validate wd/run_manifest.yaml > /dev/null && echo "manifest valid"
echo "status $(yaml_get wd/run_manifest.yaml run.status), stage $(yaml_get wd/run_manifest.yaml run.stage)"
[ "$(yaml_get wd/run_manifest.yaml run.pid)" = "$pid" ] && echo "supervisor pid recorded"
kill -0 "$pid" 2>/dev/null && echo "supervisor alive" || echo "supervisor gone"
# The orphaned child keeps its own process group; clean it up here.
child=$(yaml_get wd/run_manifest.yaml run.child_pid)
kill -KILL -- "-$child" 2>/dev/null && echo "child group cleaned up"
