# Issue 18 items 16 and 10: quark-ptq is SIGKILLed while quark-cli runs. status says the run
# is still going (not "interrupted") and offers no second run; a second run is refused; once
# quark-cli is gone, the run reads as interrupted.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=hang
quark-ptq --workdir wd run --approve "$DIGEST" > a.txt 2> a.err &
a=$!
for i in $(seq 100); do grep -q "Loading dataset" wd/logs/run-*.log 2>/dev/null && break; sleep 0.1; done
for i in $(seq 50); do [ "$(yaml_get wd/run_manifest.yaml run.child_start_ticks)" != None ] && break; sleep 0.1; done
kill -KILL $a; wait $a 2>/dev/null || true
child=$(yaml_get wd/run_manifest.yaml run.child_pid)
quark-ptq --workdir wd status --json > st.json
python3 -c "import json; d=json.load(open('st.json')); print(d['run']['state'], d['next_action']['command']); print('quark-cli' in d['run'].get('reason', ''))"
rc=0; quark-ptq --workdir wd run --approve "$DIGEST" > b.txt 2> b.err || rc=$?
echo "second run exit $rc"
grep -o "a run is already in progress" b.err
kill -KILL -"$child" 2>/dev/null
for i in $(seq 50); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
quark-ptq --workdir wd status --json | python3 -c "import json,sys; print(json.load(sys.stdin)['run']['state'])"
