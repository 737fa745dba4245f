# Issue 18 item 1: argv swapped for /bin/sh with its digest recomputed, the old quark-cli
# display kept: the manifest is invalid (display is not what argv runs), nothing runs, and
# what status shows is derived from argv, never the recorded display.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - <<'PY'
import json, os, sys
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests", "fixtures"))
from command_scope import scope_digest
m = json.load(open("wd/run_manifest.yaml"))
m["command"]["argv"] = ["/bin/sh", "-c", "touch pwned", "--output_dir", m["outputs"]["output_dir"]]
m["command"]["digest"] = scope_digest(m)
json.dump(m, open("wd/run_manifest.yaml", "w"))
print(m["command"]["digest"], file=open("new.digest", "w"))
PY
quark-ptq --workdir wd run --approve "$(cat new.digest)" 2> err.txt || echo "exit $?"
sed 's/sha256:[0-9a-f]*/sha256:X/; s#/tmp/[^ ]*/wd#WD#' err.txt
quark-ptq validate wd/run_manifest.yaml > /dev/null 2>&1 || echo "validate exit $?"
quark-ptq --workdir wd status --json | python3 -c "import json,sys; d=json.load(sys.stdin); print([a['state'] for a in d['artifacts']][2])"
[ -e pwned ] && echo "RAN /bin/sh" || echo "nothing ran"
