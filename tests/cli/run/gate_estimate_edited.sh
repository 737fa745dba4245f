# Issue 33 item 6: the estimate checkpoint 3 showed (minutes, GPU and host memory, disk) is part
# of what was approved. Made smaller after the approval, it no longer matches the digest: the
# run is refused with that digest and nothing starts.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - <<'PY'
import json
m = json.load(open("wd/run_manifest.yaml"))
m["estimate"]["gpu_memory_gib"] = 0.1
m["estimate"]["minutes"] = 0
json.dump(m, open("wd/run_manifest.yaml", "w"))
PY
quark-ptq --workdir wd run --approve "$DIGEST" || echo "exit $?"
[ -e out ] && echo "output dir created" || echo "no output dir"
