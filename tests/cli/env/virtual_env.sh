# Without --python, $VIRTUAL_ENV decides; quark-cli is looked up in that same environment.
set -e
python3 -m venv --without-pip venv
VIRTUAL_ENV="$PWD/venv" quark-ptq --json env 2>/dev/null > report.json || true
python3 -c 'import json,os; r=json.load(open("report.json")); p=r["python"]; print(p["source"], p["path"]==os.getcwd()+"/venv/bin/python", p["quark_cli"]==os.getcwd()+"/venv/bin/quark-cli")'
