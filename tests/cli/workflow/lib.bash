# Shared by the workflow golden tests (sourced; not a case itself).
set -u
mkwd() { python3 "$SRC/tests/fixtures/workflow/make_workdir.py" "$@"; }
# Prints one value from a JSON file: jget FILE 'expr on d'
jget() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
