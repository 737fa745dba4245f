# Issue 18 item 4: outputs.output_dir edited after prepare (digest unchanged): refused, no
# directory created anywhere.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - <<'PY'
import json
m = json.load(open("wd/run_manifest.yaml"))
m["outputs"]["output_dir"] = m["outputs"]["output_dir"] + "-elsewhere"
json.dump(m, open("wd/run_manifest.yaml", "w"))
PY
quark-ptq --workdir wd run --approve "$DIGEST" 2> err.txt || echo "exit $?"
grep -o "/outputs/output_dir: [^)]*\|/command/digest: does not match" err.txt | head -1
ls -d out* 2>/dev/null || echo "no output dir"
