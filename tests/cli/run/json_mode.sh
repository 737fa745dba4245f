# --json: stdout is exactly one JSON document (quark-cli's own output goes to stderr).
source "$SRC/tests/cli/run/lib.bash"
make_wd
quark-ptq --workdir wd --json run --approve "$DIGEST" > out.json 2> err.txt
python3 -c "import json; d=json.load(open('out.json')); print(d['run']['status'], d['result']['status'], d['exit_code'], len(d['result']['files']))"
grep -c "scenario success" err.txt
