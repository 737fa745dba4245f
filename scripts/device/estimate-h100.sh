#!/usr/bin/env bash
# Issue 36 (estimates a scheduler can trust): the four steps THROUGH quark-ptq on an H100, on
# random-weight models of three MoE architectures at reduced depth, the shapes whose estimates
# missed most (an 8-expert MoE with fp8, 128 experts int4 weight-only + fp8 KV cache without
# AWQ, MLA + MoE int4 + AWQ), and repeats to measure the spread. Built on zoo-h200.sh's flow.
# Each run's manifest, plan, analysis and log land in $OUT/h100.tgz (never weights); each model
# is deleted after its runs. Run ON the device from the repo root, with the bundle and the
# wheels carried: .devbin/bin.tar.xz is scripts/device/bundle-quark-ptq.sh's .devbin packed with
# `tar cJf bin.tar.xz quark-ptq lib` (about 8 MiB instead of 29, so that it travels beside the
# 27 MiB of wheels), and this script is copied beside it:
#   bash .devbin/estimate-h100.sh start DEADLINE_S   # setsid: the pipeline outlives the call
#   bash .devbin/estimate-h100.sh wait SECONDS       # waits at most SECONDS, then packs $OUT
# No flow starts after DEADLINE_S seconds from `start`.
set -u
REPO=$(pwd)
E=/tmp/est
RES=$E/results
mkdir -p "$RES/runs" "$E/models" "$E/out"
pack() { tar czf "$E/pack.part" -C "$E" results && mv "$E/pack.part" "${OUT:-/tmp}/h100.tgz"; }
if [ "${1:-}" = wait ]; then
  end=$(( $(date +%s) + ${2:-500} ))
  while [ ! -f "$E/finished" ] && [ "$(date +%s)" -lt "$end" ]; do sleep 5; done
  pack; tail -40 "$RES/pipeline.log"; nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv; exit 0
fi
if [ "${1:-}" = start ]; then
  rm -f "$E/finished"
  setsid bash "$0" pipeline "${2:-900}" > "$E/pipeline.out" 2>&1 < /dev/null &
  exit 0
fi
DEADLINE_S=${2:-900}
trap 'touch "$E/finished"; pack' EXIT
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }
left() { [ $(( $(date +%s) - T0 )) -lt "$DEADLINE_S" ]; }
mkdir -p /tmp/devbin && tar xJf .devbin/bin.tar.xz -C /tmp/devbin
export LD_LIBRARY_PATH=/tmp/devbin/lib NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
Q=/tmp/devbin/quark-ptq
RESULT_LOG="$RES/wheels.txt" source scripts/device/qenv.sh
export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 XDG_CACHE_HOME=$E/cache
"$Q" data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --as wikitext --python "$PY" > "$RES/stage.txt" 2>&1
log "ready: $($PY -c 'import transformers, torch; print(transformers.__version__, torch.__version__, torch.cuda.get_device_name())' 2>&1)"
nvidia-smi > "$RES/nvidia-smi.txt" 2>&1; nproc > "$RES/nproc.txt"; free -m > "$RES/free.txt"

flow() {  # flow NAME MODEL_DIR CALIB SEQ [plan options...]
  local name=$1 model=$2 calib=$3 seq=$4; shift 4
  left || { log "deadline: $name not started"; return 0; }
  local wd=$E/wd/$name out=$E/out/$name r=$RES/runs/$name
  rm -rf "$wd" "$out"; mkdir -p "$r"
  {
    "$Q" --workdir "$wd" analyze "$model" && "$Q" --workdir "$wd" confirm analysis &&
      "$Q" --workdir "$wd" plan --python "$PY" --target h100 --calib-samples "$calib" --seq-len "$seq" "$@" &&
      "$Q" --workdir "$wd" confirm plan
    "$Q" --workdir "$wd" --json prepare --output-dir "$out" --python "$PY" > "$r/prepare.json"
    echo "prepare exit $?"
  } > "$r/steps.txt" 2>&1
  local digest
  digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$wd/run_manifest.yaml" 2>/dev/null)
  if [ -n "$digest" ]; then
    "$Q" --workdir "$wd" run --approve "$digest" > "$r/run.txt" 2>&1
    echo "run exit $?" >> "$r/run.txt"
  else
    echo "no manifest (steps.txt)" > "$r/run.txt"
  fi
  cp "$wd"/*.json "$wd"/run_manifest.yaml "$r/" 2>/dev/null; cp -r "$wd/logs" "$r/" 2>/dev/null
  (cd "$out" 2>/dev/null && ls -la > "$r/listing.txt")
  rm -rf "$out"
  log "flow $name: $(tail -1 "$r/run.txt")"
  pack
}
build() {  # build NAME CONFIG LAYERS
  left || return 1
  "$PY" scripts/make-tiny-model.py "$E/models/$1" --config "$2" --num_hidden_layers "$3" --device cuda --max_shard_size 5GB \
    > "$RES/model-$1.json" 2>&1 || { log "$1: build failed: $(tail -1 "$RES/model-$1.json")"; return 1; }
  log "$1: built ($3 layers, $(du -sh "$E/models/$1" | cut -f1))"
}
M=tests/fixtures/models
if build qwen3_moe tests/fixtures/quark/models/qwen3-30b-a3b.json 4; then
  flow qwen3_moe_4l_int4_wo_128_kvfp8 "$E/models/qwen3_moe" 64 512 --scheme int4_wo_128 --kv-cache fp8 --algo none
fi
if build mixtral $M/mixtral-8x7b-v0.1/config.json 4; then
  flow mixtral_4l_fp8 "$E/models/mixtral" 64 512 --scheme fp8
fi
if build deepseek_v2 $M/deepseek-v2-lite/config.json 2; then
  flow deepseek_v2_2l_int4_wo_64_awq "$E/models/deepseek_v2" 32 512 --scheme int4_wo_64 --algo awq
  rm -rf "$E/models/deepseek_v2"
fi
[ -d "$E/models/mixtral" ] && flow mixtral_4l_fp8_repeat "$E/models/mixtral" 64 512 --scheme fp8
rm -rf "$E/models/mixtral"
[ -d "$E/models/qwen3_moe" ] && flow qwen3_moe_4l_int4_wo_128_kvfp8_repeat "$E/models/qwen3_moe" 64 512 --scheme int4_wo_128 --kv-cache fp8 --algo none
rm -rf "$E/models/qwen3_moe"
log "done"
