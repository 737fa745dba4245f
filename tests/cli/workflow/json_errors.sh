# Issue 18: with --json, a failing command prints exactly one JSON document on stdout, the
# error (exit code, message id, message), whatever the command and whatever failed; before,
# stdout was empty.
set -u
mkdir wd
echo '{"artifact": "checkpoints"' > bad_checkpoints.json
check() {
  rc=0
  quark-ptq --json "$@" > out.json 2> /dev/null || rc=$?
  python3 - "$rc" "$*" <<'PY'
import json, sys
rc, cmd = int(sys.argv[1]), sys.argv[2]
text = open("out.json").read()
doc, end = json.JSONDecoder().raw_decode(text)
assert text[end:].strip() == "", "more than one document"
e = doc["error"]
assert e["exit_code"] == rc, (e, rc)
assert e["message"], e
print(f"{cmd}: exit {rc}, {e['id']}")
PY
}
check --workdir wd analyze ./nowhere
check --workdir wd confirm plan
check --workdir wd plan
check --workdir wd prepare --output-dir out
check --workdir wd run --approve sha256:00
check --workdir wd accept
check --workdir wd followup " "
check --workdir wd verify nowhere
check --workdir wd validate nowhere.json
check --workdir wd start m --output-dir out
check --workdir wd analyze
check --workdir wd frobnicate
cp bad_checkpoints.json wd/checkpoints.json
check --workdir wd status
