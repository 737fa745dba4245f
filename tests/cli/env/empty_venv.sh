# quark-ptq env on a real virtualenv without packages: the report, each missing package with
# its required version, exit 6.
set -e
python3 -m venv --without-pip venv
quark-ptq env --python "$PWD/venv/bin/python"
