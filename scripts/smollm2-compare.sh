#!/usr/bin/env bash
# A comparison on SmolLM2-135M through the four steps with the real quark-cli: plan --compare
# fp8 and a per-group int4 (int4_wo_128 is refitted to int4_wo_64: 128 does not divide the
# width 576), every confirmation given on the command line (checkpoint 3 with the comparison's
# digest), both candidates run, verified and evaluated against the source, then the comparison
# table, the recommendation and report.html are checked (tests/browser/check_comparison.py; with
# CHECK_BROWSER=1 the page is also rendered in headless Chromium and its figures compared with
# the candidates' manifests). Expects the environments, the model and the held-out text that
# scripts/smollm2-flow.sh expects.
#
#   scripts/smollm2-compare.sh QUARK_PTQ WORKDIR
#
# Env: QPTQ_COMPARE (default fp8,int4_wo_128), QPTQ_ALGO (e.g. none: plain rounding - AWQ on a
# 2-core CPU takes over 8 minutes for int4 on SmolLM2; default: the planner's choice), QPTQ_EVAL
# (default smoke), QPTQ_CALIB_SAMPLES / QPTQ_SEQ_LEN (default 16 / 128), QPTQ_EXPECT_RECOMMENDED
# (NAME or none: fail unless the recommendation is that), CHECK_BROWSER=1 (render report.html in
# Chromium). Exit: the first failing step's, or the check's.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin=$1
work=$2

source "$repo/scripts/smollm2-env.bash"

rm -rf "$work" && mkdir -p "$work"
q() { echo "+ quark-ptq $*" >&2; "$bin" --workdir "$work" "$@"; }
export HF_HOME=$work/hf HF_HUB_OFFLINE=1
t0=$(date +%s)
q data stage "$text/calibration.jsonl" --as pileval --python "$quant_py"
q analyze "$model"
q confirm analysis
algo=()
[ -n "${QPTQ_ALGO:-}" ] && algo=(--algo "$QPTQ_ALGO")
q plan --python "$quant_py" "${target[@]}" "${algo[@]}" --compare "${QPTQ_COMPARE:-fp8,int4_wo_128}" --eval "${QPTQ_EVAL:-smoke}" \
  --eval-text "$text/evaluation.jsonl" --calib-samples "${QPTQ_CALIB_SAMPLES:-16}" --seq-len "${QPTQ_SEQ_LEN:-128}"
q confirm plan
q prepare --output-dir "$work/out" --python "$quant_py" --eval-python "$eval_py"
digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["digest"])' "$work/comparison_manifest.yaml")
t1=$(date +%s)
rc=0
q --json run --approve "$digest" > "$work/run.json" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 12 ] || { echo "smollm2-compare: run exited $rc" >&2; exit "$rc"; }
t2=$(date +%s)
q status
python3 "$repo/tests/browser/check_comparison.py" "$work" ${CHECK_BROWSER:+--browser} ${QPTQ_EXPECT_RECOMMENDED:+--expect-recommended "$QPTQ_EXPECT_RECOMMENDED"}
echo "smollm2-compare: steps 1-3 $(( t1 - t0 ))s, run of every candidate $(( t2 - t1 ))s, run exit $rc" >&2
