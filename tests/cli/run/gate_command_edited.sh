# A command edited after prepare no longer matches its digest: refused even with that digest.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - <<'PY'
import json
m = json.load(open("wd/run_manifest.yaml"))
m["command"]["argv"][m["command"]["argv"].index("16")] = "17"
json.dump(m, open("wd/run_manifest.yaml", "w"))
PY
quark-ptq --workdir wd run --approve "$DIGEST" || echo "exit $?"
[ -e out ] && echo "output dir created" || echo "no output dir"
