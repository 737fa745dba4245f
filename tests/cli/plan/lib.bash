# Sourced by the plan cases (not a case itself: the runner only picks up *.sh).
# No Quark environment leaks in from the machine running the tests.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
PLAN_FIXTURES="$SRC/tests/fixtures/plan"

# fixture NAME [--no-confirm]: model_analysis.json from the corpus, checkpoint 1 confirmed.
fixture() {
  python3 "$SRC/tests/cli/plan/confirm_analysis.py" "$PLAN_FIXTURES/analyses/$1.json" . "${@:2}"
}

# fake_quark_env RELEASE: ./venv/bin/{python,quark-cli} that print the REAL outputs captured
# from that installed Quark release (tests/fixtures/plan/real/), and log each call.
fake_quark_env() {
  local real="$PLAN_FIXTURES/real"
  mkdir -p venv/bin
  cat >venv/bin/python <<EOS
#!/bin/sh
echo python >>"$PWD/venv/calls"
for a in "\$@"; do
  if [ "\$a" = --versions ]; then cat "$real/versions-$1.json"; exit 0; fi
done
cat "$real/probe-$1.json"
EOS
  cat >venv/bin/quark-cli <<EOS
#!/bin/sh
echo "quark-cli \$* COLUMNS=\$COLUMNS" >>"$PWD/venv/calls"
cat "$real/help-$1.txt"
EOS
  chmod +x venv/bin/python venv/bin/quark-cli
}

# json_get FILE EXPR: prints a value of the JSON file, e.g. json_get quant_plan.json '["global_scheme"]'
json_get() {
  python3 -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))$2))" "$1"
}
