# Issue 18 item 5: environment.verdict.ready flipped from false to true by hand: refused.
source "$SRC/tests/cli/run/lib.bash"
make_wd --not-ready
python3 - <<'PY'
import json
m = json.load(open("wd/run_manifest.yaml"))
m["environment"]["verdict"] = {"ready": True, "problems": []}
json.dump(m, open("wd/run_manifest.yaml", "w"))
PY
quark-ptq --workdir wd run --approve "$DIGEST" 2> err.txt || echo "exit $?"
grep -o "/command/digest: does not match" err.txt
[ -e out ] && echo "output dir created" || echo "no output dir"
