# On a host with eight GPUs each candidate's single-device plan is pinned to a GPU of its own
# (HIP_VISIBLE_DEVICES 0 and 1, bound by each command's digest), checkpoint 3 says they run side
# by side, and step 4 runs them at the same time - quark-cli's output to each candidate's log
# only, the evaluations one at a time (one baseline) - then the table as one after another
# would. One stop (SIGTERM) ends both candidates, and a run again finishes them.
export COMPARE_GPUS=8
source "$SRC/tests/cli/compare/lib.bash"
compare_prepared || exit 1
grep -E "^Step 3|^Total|Estimate" prepare.txt
for n in fp8 int4_wo_128; do
  python3 -c 'import sys, yaml; m = yaml.safe_load(open(sys.argv[1])); print(sys.argv[2], [(e["name"], e["value"]) for e in m["command"]["env_changes"]])' \
    "wd/candidates/$n/run_manifest.yaml" "$n"
done
# A stop while both run.
FAKE_QUARK_SCENARIO=hang quark-ptq --workdir wd run --approve "$DIGEST" > out1.txt 2> err1.txt &
pid=$!
for i in $(seq 200); do [ "$(grep -ls 'Loading dataset' wd/candidates/*/logs/run-*.log | wc -l)" = 2 ] && break; sleep 0.1; done
kill -TERM $pid
rc=0; wait $pid || rc=$?
echo "stopped: exit $rc"
quark-ptq --json --workdir wd status | python3 -c 'import json, sys; d = json.load(sys.stdin); print([(c["name"], c["run"]) for c in d["candidates"]])'
# Again, both to the end: each stage takes 1.2 s, so one after another would take at least the
# sum of the two quark-cli times; side by side the whole run takes less.
start=$(date +%s.%N)
FAKE_QUARK_SLEEP=1.2 quark-ptq --workdir wd run --approve "$DIGEST" > out2.txt 2> err2.txt; echo "again: exit $?"
end=$(date +%s.%N)
grep -E "^== " out2.txt | sort
grep -c "Loading dataset" out2.txt err2.txt  # quark-cli's own lines went to the logs, not the terminal
python3 - "$start" "$end" <<'PY'
import sys, yaml
wall = float(sys.argv[2]) - float(sys.argv[1])
runs = [yaml.safe_load(open(f"wd/candidates/{n}/run_manifest.yaml"))["run"] for n in ("fp8", "int4_wo_128")]
quark = sum(r["seconds"] for r in runs)
print("side by side:", wall < quark, [r["status"] for r in runs])
PY
# Checkpoint 4's table as one after another would give it (fp8 verified and passed; the fake
# writes an fp8 export whatever the scheme, so int4_wo_128 does not verify).
grep -E "^  (fp8|int4)" out2.txt | sed -E 's/ +/ /g' | cut -d' ' -f2,3,4
grep -E "recommended" out2.txt | cut -c1-60
