. "$SRC/tests/cli/workflow/lib.bash"
# Issue 18 item 8: prepared again after the approval (here --num_calib_data changed, display and
# digest recomputed as prepare would), checkpoint 3 is stale and the error offers the new digest:
# never alone, always beside the command it approves (derived from argv), in English and Japanese.
mkwd wd --through 3 --result success
python3 - <<'PY'
import json, os, sys
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests", "fixtures"))
from command_scope import display_command, scope_digest
m = json.load(open("wd/run_manifest.yaml"))
argv = m["command"]["argv"]
argv[argv.index("--num_calib_data") + 1] = "64"
m["command"]["display"] = display_command(argv, m["command"].get("env_changes", []))
m["command"]["digest"] = scope_digest(m)
json.dump(m, open("wd/run_manifest.yaml", "w"))
PY
quark-ptq --workdir wd accept
quark-ptq --lang ja --workdir wd accept
