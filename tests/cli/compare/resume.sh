# A stop ends the candidate that runs and starts none after it (exit 130), and every candidate's
# record says where it stands; run again (approved again) runs the candidates that did not
# finish; a third run finds both finished and runs nothing.
source "$SRC/tests/cli/compare/lib.bash"
compare_prepared || exit 1
FAKE_QUARK_SCENARIO=hang quark-ptq --workdir wd run --approve "$DIGEST" > out1.txt 2> err1.txt &
pid=$!
for i in $(seq 200); do grep -qs "Loading dataset" wd/candidates/fp8/logs/run-*.log && break; sleep 0.1; done
kill -TERM $pid
rc=0; wait $pid || rc=$?
echo "stopped: exit $rc"
grep -E "^== " out1.txt
quark-ptq --json --workdir wd status | python3 -c 'import json, sys; d = json.load(sys.stdin); print([(c["name"], c["run"], c["finished"]) for c in d["candidates"]], d["next_action"]["id"])'
quark-ptq --workdir wd status | sed -n 's/^Next: //p'
quark-ptq --workdir wd run --approve "$DIGEST" > out2.txt 2> err2.txt; echo "again: exit $?"
grep -E "^== " out2.txt
echo "runs: $(run_logs)"
quark-ptq --workdir wd run --approve "$DIGEST" > out3.txt 2> err3.txt; echo "third: exit $?"
grep -E "^== |^Next" out3.txt
echo "runs: $(run_logs)"
# A finished candidate is skipped only while its output still hashes to what verified: a changed
# file is named and that candidate refused (the output may be the person's to keep); an output
# that is gone runs again.
printf 'x' >> out/fp8/model.safetensors
quark-ptq --workdir wd run --approve "$DIGEST" > out4.txt 2> err4.txt; echo "changed: exit $?"
grep -E "^== " out4.txt | sed "s|$PWD|.|g"
grep -c "no longer the one that verified (changed: model.safetensors)" out4.txt
rm -r out/fp8
quark-ptq --workdir wd run --approve "$DIGEST" > out5.txt 2> err5.txt; echo "gone: exit $?"
grep -E "^== " out5.txt | sed "s|$PWD|.|g"
echo "runs: $(run_logs)"
