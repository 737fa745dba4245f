# --json: one document with status, every file's size and sha256, and the checks.
source "$SRC/tests/cli/verify/lib.bash"
model output out
quark-ptq --json verify out --plan "$PLAN" > report.json 2> /dev/null
python3 - <<'PY'
import hashlib, json, os
r = json.load(open("report.json"))
ok = all(hashlib.sha256(open(os.path.join("out", f["path"]), "rb").read()).hexdigest() == f["sha256"] and
         os.path.getsize(os.path.join("out", f["path"])) == f["bytes"] for f in r["files"])
print(r["status"], len(r["files"]), ok, sorted({c["status"] for c in r["checks"]}))
PY
