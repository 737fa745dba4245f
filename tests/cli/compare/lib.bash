# Shared setup for the comparison cases (sourced; not a case itself). A source model made by the
# fake (tests/fakes/quark_model.py), analysed and confirmed; plan --compare fp8,int4_wo_128 from
# the shipped Quark 0.13 facts, confirmed; an environment of fakes: ./venv/bin/python prints the
# hand-written MI300X probe, ./venv/bin/quark-cli is tests/fakes/quark-cli (it writes an fp8
# export whatever the scheme, so fp8 verifies and int4_wo_128 does not), ./evalpy answers the
# evaluation readiness check and is otherwise tests/fakes/evaluator-python ($FAKE_EVAL).
# compare_prepared: all of that, then prepare into ./out. Sets DIGEST (the comparison's).
set -uo pipefail
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache" FAKE_EVAL=${FAKE_EVAL:-pass}
compare_planned() {
  python3 "$SRC/tests/cli/prepare/make_workdir.py" scratch --model "$PWD/model" --fake-python venv \
    --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$PWD" > /dev/null
  rm -rf scratch
  printf '#!/bin/sh\nexec python3 "%s/tests/fakes/quark-cli" "$@"\n' "$SRC" > venv/bin/quark-cli
  printf '#!/bin/sh\ncase "$*" in *quark-ptq-eval-ready*) echo %s; exit 0;; esac\nexec "%s/tests/fakes/evaluator-python" "$@"\n' \
    "'{\"probe\": \"quark-ptq-eval-ready\", \"ready\": true, \"why\": \"\"}'" "$SRC" > evalpy
  chmod +x venv/bin/quark-cli evalpy
  echo '{"text": "held-out prose"}' > text.jsonl
  python3 "$SRC/tests/fakes/quark_model.py" source model
  quark-ptq --workdir wd analyze "$PWD/model" > /dev/null || return 1
  quark-ptq --workdir wd confirm analysis > /dev/null || return 1
  quark-ptq --workdir wd plan --quark-version 0.13 --target mi300x --compare fp8,int4_wo_128 --eval-text text.jsonl > /dev/null 2>&1 || return 1
  quark-ptq --workdir wd confirm plan > /dev/null || return 1
}
compare_prepared() {
  compare_planned || return 1
  quark-ptq --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" --eval-python "$PWD/evalpy" "$@" > prepare.txt || return 1
  DIGEST=$(sed -n 's/^digest: //p' wd/comparison_manifest.yaml)
}
# The candidates' run logs, one line each (none before a run).
run_logs() { find wd/candidates -path '*/logs/run-*.log' | wc -l; }
