# --json run prints one document for the comparison (each candidate's own summary is not
# printed in between): the table with its numbers and the recommendation. Checkpoint 4 of a
# comparison needs --candidate NAME (exit 2 without it or with a name it does not hold), refuses
# a candidate whose output did not verify (exit 10), accepts the one named; --candidate on a
# single plan's workdir is a usage error.
source "$SRC/tests/cli/compare/lib.bash"
compare_prepared || exit 1
quark-ptq --json --workdir wd run --approve "$DIGEST" > run.json 2> run.err; echo "run: exit $?"
python3 - <<'PY'
import json
d = json.load(open("run.json"))
t = d["table"]
print(d["artifact"], d["exit_code"], d["interrupted"])
for c in t["candidates"]:
    print(c["name"], c["verdict"], c["size_ratio"] is not None, c["delta_pct"], c["recommended"], c["accepted"])
print("recommendation:", t["recommendation"]["name"], "|", t["recommendation"]["reason"].split(":")[0])
PY
quark-ptq --workdir wd accept; echo "exit $?"
quark-ptq --workdir wd accept --candidate q8; echo "exit $?"
quark-ptq --workdir wd accept --candidate int4_wo_128 2>&1 | sed 's/ in .*run_manifest.yaml/ in .../'; echo "exit ${PIPESTATUS[0]}"
quark-ptq --workdir wd --lang ja accept --candidate fp8; echo "exit $?"
quark-ptq --workdir wd/candidates/fp8 accept --candidate fp8; echo "exit $?"
