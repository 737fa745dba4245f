#!/usr/bin/env bash
# Issue 14 on the H200: the four-step flow THROUGH quark-ptq on random-weight models, at reduced
# depth, of architectures docs/gpu-runs.md does not cover (all with a Quark 0.13 template), two
# schemes each: a per-group int4 whose group divides every Linear's in_features (computed from
# the config) and fp8 (mxfp4 for some, to cover MX). Every run is verified; quark-cli time, GPU
# and host peaks and the estimates land in $OUT/zoo.tgz (summary.json + per-run artifacts, never
# weights); each model is deleted after its runs. Built on scripts/device/e2e-h200.sh (same venv,
# staged data, flow). Run ON the device from the repo root with .whl/ and .devbin/ carried:
#   setsid bash scripts/device/zoo-h200.sh DEADLINE_S [ARCH...] > /tmp/zoo.log 2>&1 < /dev/null &
# No new architecture starts after DEADLINE_S seconds; a second call continues with what is left
# (done architectures are skipped on a warm machine) and collects $OUT/zoo.tgz:
#   bash scripts/device/zoo-h200.sh --collect
# ZOO_FLOWS="qwen2_fp8 dbrx_fp8 ..." runs only the flows named (the model is still built).
# Local check without a GPU (builds every model at depth 1 on the CPU, no quark-cli):
#   ZOO_DRY=cpu PY=.venv-quark/bin/python bash scripts/device/zoo-h200.sh 0
set -u
REPO=$(pwd)
# ZOO_E: another scratch root, so that two instances (disjoint ARCH lists) share the GPU.
E=${ZOO_E:-/tmp/zoo}
RES=$E/results
mkdir -p "$RES/runs" "$E/models" "$E/out" "$E/done"
pack() { tar czf "$E/pack.tgz.part" -C "$E" results && mv "$E/pack.tgz.part" "${OUT:-/tmp}/$(basename "$E").tgz"; }  # never half-written; zoo.tgz for /tmp/zoo
if [ "${1:-}" = "--collect" ]; then
  while [ "${2:-wait}" = wait ] && pgrep -f "zoo-h200.sh [0-9]" > /dev/null; do sleep 10; done
  pack; ls -la "${OUT:-/tmp}/$(basename "$E").tgz"; tail -30 "$RES/pipeline.log"; exit 0
fi
DEADLINE_S=${1:-480}
shift || true
# name | config | layers | second scheme | moe | tokenizer id to reserve ; MoE models keep 2
# layers (DeepSeek-V2-Lite: layer 0 dense, layer 1 MoE), dense ones 2. qwen2's tiny tokenizer
# gets id 151643, which Quark 0.13 makes the pad and eos token of every qwen2 model (a real
# Qwen2 tokenizer has it; without it quark-cli stops in get_tokenizer, which intake now warns of).
ARCHS=(
  "mixtral|tests/fixtures/models/mixtral-8x7b-v0.1/config.json|2|fp8|moe"
  "deepseek_v2|tests/fixtures/models/deepseek-v2-lite/config.json|2|fp8|moe"
  "qwen2_moe|scripts/device/zoo-configs/qwen1.5-moe-a2.7b.json|2|fp8|moe"
  "phi3|tests/fixtures/models/phi-3-mini-4k-instruct/config.json|2|fp8"
  "gemma2|tests/fixtures/models/gemma-2-9b/config.json|2|fp8"
  "mistral|tests/fixtures/models/mistral-7b-v0.1/config.json|2|mxfp4"
  "qwen2|tests/fixtures/models/qwen2.5-7b-instruct/config.json|2|fp8||151643"
  "qwen3|tests/fixtures/models/qwen3-8b/config.json|2|mxfp4"
  "opt|scripts/device/zoo-configs/opt-125m.json|2|fp8"
  "phi|scripts/device/zoo-configs/phi-2.json|2|fp8"
  "olmo|scripts/device/zoo-configs/olmo-1b-hf.json|2|fp8"
  "falcon|tests/zoo/models/falcon/config.json|2|fp8"
  "dbrx|scripts/device/zoo-configs/dbrx-clip8.json|2|fp8|moe"
)
WANT=("$@")
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }
left() { [ $(( $(date +%s) - T0 )) -lt "$DEADLINE_S" ]; }

# The largest int4 group (128, 64, 32) that divides every Linear's in_features the config implies.
int4_scheme() {
  python3 - "$1" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c = c.get("text_config", c) if "hidden_size" not in c and "d_model" not in c else c
h = c.get("hidden_size") or c["d_model"]  # d_model: dbrx
heads = c.get("num_attention_heads") or c.get("n_heads", 1)
hd = c.get("head_dim") or h // heads
dims = {h, heads * hd}
for k in ("intermediate_size", "ffn_dim", "ffn_hidden_size", "moe_intermediate_size", "shared_expert_intermediate_size", "kv_lora_rank"):
    if c.get(k): dims.add(c[k])
if c.get("ffn_config", {}).get("ffn_hidden_size"): dims.add(c["ffn_config"]["ffn_hidden_size"])
if c.get("v_head_dim"): dims.add(heads * c["v_head_dim"])
for g in (128, 64, 32):
    if all(d % g == 0 for d in dims):
        print(f"int4_wo_{g}"); break
else:
    print("int4_wo_per_channel")
PY
}

if [ "${ZOO_DRY:-}" = cpu ]; then
  PY=${PY:-python3}
  for a in "${ARCHS[@]}"; do
    IFS='|' read -r name cfg layers second moe reserve <<< "$a"
    [ ${#WANT[@]} -eq 0 ] || [[ " ${WANT[*]} " == *" $name "* ]] || continue
    s=$(int4_scheme "$cfg")
    if "$PY" scripts/make-tiny-model.py "$E/models/$name" --config "$cfg" --num_hidden_layers 1 --device cpu \
         ${reserve:+--reserve-token-id "$reserve"} > "$RES/model-$name.json" 2>&1; then
      log "dry $name: built at depth 1 ($(du -sh "$E/models/$name" | cut -f1)), schemes $s + $second"
    else
      log "dry $name: BUILD FAILED: $(tail -1 "$RES/model-$name.json")"
    fi
    rm -rf "$E/models/$name"
  done
  exit 0
fi

trap pack EXIT
export LD_LIBRARY_PATH="$REPO/.devbin/lib" NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
Q="$REPO/.devbin/quark-ptq"
RESULT_LOG="$RES/wheels.txt" source scripts/device/qenv.sh  # /tmp/qenv from .whl/, once per machine
# ZOO_CACHE: one probe cache and one torch-extensions build for instances that run side by side.
export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 XDG_CACHE_HOME=${ZOO_CACHE:-$E/cache}
[ -f "$E/.staged" ] || { "$Q" data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --as wikitext --python "$PY" > "$RES/stage.txt" 2>&1 && touch "$E/.staged"; }
log "ready: $($PY -c 'import transformers, torch; print(transformers.__version__, torch.__version__)' 2>&1)"

CALIB=16
SEQ=256
flow() {  # flow NAME MODEL_DIR [plan options...]
  local name=$1 model=$2; shift 2
  # ZOO_FLOWS: run only these flows (a rerun of what an earlier machine did not finish).
  [ -z "${ZOO_FLOWS:-}" ] || [[ " $ZOO_FLOWS " == *" $name "* ]] || return 0
  local wd=$E/wd/$name out=$E/out/$name r=$RES/runs/$name
  rm -rf "$wd" "$out"; mkdir -p "$r"
  {
    "$Q" --workdir "$wd" analyze "$model" && "$Q" --workdir "$wd" confirm analysis &&
    "$Q" --workdir "$wd" plan --python "$PY" --target h200 --calib-samples "$CALIB" --seq-len "$SEQ" "$@" &&
    "$Q" --workdir "$wd" confirm plan
    "$Q" --workdir "$wd" --json prepare --output-dir "$out" --python "$PY" > "$r/prepare.json"
    echo "prepare exit $?"
  } > "$r/steps.txt" 2>&1
  local digest; digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$wd/run_manifest.yaml" 2>/dev/null)
  if [ -n "$digest" ]; then
    "$Q" --workdir "$wd" run --approve "$digest" > "$r/run.txt" 2>&1; echo "run exit $?" >> "$r/run.txt"
    "$Q" --json verify "$out" --plan "$wd/quant_plan.json" --source "$model" > "$r/verify.json" 2> "$r/verify.txt"
    echo "verify exit $?" >> "$r/verify.txt"
  else
    echo "no manifest: the plan was refused or prepare failed (steps.txt)" > "$r/run.txt"
  fi
  cp "$wd"/*.json "$wd"/run_manifest.yaml "$r/" 2>/dev/null; cp -r "$wd/logs" "$r/" 2>/dev/null
  (cd "$out" 2>/dev/null && ls -la > "$r/listing.txt")
  rm -rf "$out"
  log "flow $name: $(tail -1 "$r/run.txt") | $(tail -1 "$r/verify.txt" 2>/dev/null)"
  pack
}

summarize() { "$PY" scripts/device/zoo-summary.py "$RES/runs" > "$RES/summary.md"; }  # summary.json beside runs/

for a in "${ARCHS[@]}"; do
  IFS='|' read -r name cfg layers second moe reserve <<< "$a"
  [ ${#WANT[@]} -eq 0 ] || [[ " ${WANT[*]} " == *" $name "* ]] || continue
  [ -f "$E/done/$name" ] && continue
  left || { log "deadline: $name and later not started"; break; }
  int4=$(int4_scheme "$cfg")
  # Built with the run's own transformers ($PY), so that the checkpoint is saved the way the
  # quantizing environment reads it (the image's newer transformers would add a version risk).
  if ! "$PY" scripts/make-tiny-model.py "$E/models/$name" --config "$cfg" --num_hidden_layers "$layers" \
       --device cuda --max_shard_size 5GB ${reserve:+--reserve-token-id "$reserve"} > "$RES/model-$name.json" 2>&1; then
    log "$name: model build failed: $(tail -1 "$RES/model-$name.json")"; touch "$E/done/$name"; continue
  fi
  log "$name: built ($layers layers); schemes $int4, $second"
  flow "${name}_${int4}" "$E/models/$name" --scheme "$int4"
  flow "${name}_${second}" "$E/models/$name" --scheme "$second"
  # The planner's own choice for a small model: `--priority size` must never recommend a plan
  # quark-cli then rejects (DeepSeek-V2-Lite: int4_wo_128 + AWQ died on in_features 10944).
  [ "$moe" = moe ] && flow "${name}_priority_size" "$E/models/$name" --priority size
  rm -rf "$E/models/$name"
  touch "$E/done/$name"
  summarize
done
summarize
log "zoo done"
