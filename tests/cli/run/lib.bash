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

# A run whose fake quark-cli fails with SCENARIO: stop, diagnose, no retry (exit 9 expected),
# and what the manifest records about it.
check_failed_run() {
  local scenario=$1
  make_wd --env FAKE_QUARK_SCENARIO="$scenario"
  quark-ptq --workdir wd run --approve "$DIGEST" > out.txt || echo "exit $?"
  grep -E "^the run failed|^  (cause|smallest change):" out.txt
  for k in run.status run.diagnosis.rule run.diagnosis.category run.diagnosis.return_to_checkpoint run.diagnosis.exit_code run.diagnosis.versions.transformers; do
    echo "$k: $(yaml_get wd/run_manifest.yaml $k)"
  done
  yaml_get wd/run_manifest.yaml run.diagnosis.error_text | sed -n 1p
  [ "$(grep -c "scenario $scenario" wd/logs/run-*.log)" = 1 ] && echo "ran once"
}
