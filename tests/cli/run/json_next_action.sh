# Issue 16: run --json has the next action, from the same function as status --json, after a
# success and after a failed run.
source "$SRC/tests/cli/run/lib.bash"
make_wd
quark-ptq --workdir wd --json run --approve "$DIGEST" > run.json 2>/dev/null
quark-ptq --workdir wd --json status > status.json 2>/dev/null
python3 -c "import json; r=json.load(open('run.json'))['next_action']; s=json.load(open('status.json'))['next_action']; print(r['id'], r == s)"
rm -rf src wd out
make_wd --env FAKE_QUARK_SCENARIO=oom
quark-ptq --workdir wd --json run --approve "$DIGEST" > run.json 2>/dev/null || echo "exit $?"
quark-ptq --workdir wd --json status > status.json 2>/dev/null || true
python3 -c "import json; r=json.load(open('run.json'))['next_action']; s=json.load(open('status.json'))['next_action']; print(r['id'], r == s)"
