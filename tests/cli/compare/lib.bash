# Shared setup for the comparison cases (sourced; not a case itself). A source model made by the
# fake (tests/fakes/quark_model.py), analysed and confirmed; plan --compare fp8,int4_wo_128 from
# the shipped Quark 0.13 facts, confirmed; an environment of fakes: ./venv/bin/python prints the
# hand-written MI300X probe (one GPU of it unless COMPARE_GPUS=8), ./venv/bin/quark-cli is tests/fakes/quark-cli (it writes an fp8
# export whatever the scheme, so fp8 verifies and int4_wo_128 does not), ./evalpy answers the
# evaluation readiness check and is otherwise tests/fakes/evaluator-python ($FAKE_EVAL).
# compare_prepared: all of that, then prepare into ./out. Sets DIGEST (the comparison's).
set -uo pipefail
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache" FAKE_EVAL=${FAKE_EVAL:-pass}
# The host: one MI300X (candidates one after another), or with COMPARE_GPUS=8 the fixture's
# eight (each candidate pinned to a GPU of its own, side by side).
compare_probe() {
  local fixture="$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json"
  if [ "${COMPARE_GPUS:-1}" = 8 ]; then echo "$fixture"; return; fi
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["torch"]["devices"] = d["torch"]["devices"][:1]; d["torch"]["device_count"] = 1; json.dump(d, open("probe-1gpu.json", "w"))' "$fixture"
  echo "$PWD/probe-1gpu.json"
}
compare_planned() {
  python3 "$SRC/tests/cli/prepare/make_workdir.py" scratch --model "$PWD/model" --fake-python venv \
    --probe "$(compare_probe)" --stage-pileval "$PWD" > /dev/null
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
