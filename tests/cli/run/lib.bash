# Shared setup for the run tests (sourced; not a test case itself).
# make_wd [make_workdir.py options...]: a tiny source model in ./src and a workdir ./wd whose
# manifest runs the fake quark-cli into ./out. Sets DIGEST.
set -euo pipefail
make_wd() {
  python3 "$SRC/tests/fakes/quark_model.py" source src
  DIGEST=$(python3 "$SRC/tests/fixtures/verify/make_workdir.py" wd --model src --output-dir out "$@")
}
# yaml_get FILE PATH: a value from the manifest (PATH like run.status).
yaml_get() {
  python3 - "$1" "$2" <<'PY'
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    d = d[int(k)] if isinstance(d, list) else d.get(k)
print(d if not isinstance(d, bool) else str(d).lower())
PY
}
