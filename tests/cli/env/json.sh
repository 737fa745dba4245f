# --json: one JSON document on stdout (the human table goes to stderr); unknown is null.
set -e
python3 -m venv --without-pip venv
quark-ptq --json env --python "$PWD/venv/bin/python" 2>/dev/null > report.json || true
python3 - <<'PY'
import json
r = json.load(open("report.json"))
print("python source:", r["python"]["source"])
print("torch:", r["packages"]["torch"], r["torch"]["available"])
print("variables HF_HUB_OFFLINE:", r["variables"]["HF_HUB_OFFLINE"])
print("ready:", r["verdict"]["ready"])
print("codes:", sorted({p["code"] for p in r["verdict"]["problems"]}))
PY
