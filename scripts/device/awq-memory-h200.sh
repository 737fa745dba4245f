#!/usr/bin/env bash
# Why does Mixtral's int4 + AWQ run hold 4-5 GiB more GPU memory than the estimate's AWQ phase,
# while qwen2_moe's fits inside its load reservation? The same runs as the H200 zoo
# (tests/fixtures/quark/0.13/h200-zoo: 2 random-weight layers, int4_wo_128 + AWQ, 16 x 256),
# quark-cli's argv as quark-ptq recorded it there, each run alone on the GPU and under
# scripts/device/memtrace.py, which records the allocator's segments and the Python line of each
# live block at every new high. Results in $OUT/awq-memory.tgz; models deleted after their run.
# Run ON the device from the repo root with .whl/ (scripts/device/fetch-wheels.sh) and
# .devbin/bin.tar.xz (the bundle's quark-ptq and lib, packed) carried:
#   bash scripts/device/awq-memory-h200.sh start DEADLINE_S [NAME|CONFIG|LAYERS|SCHEME|ALGO ...]
#   bash scripts/device/awq-memory-h200.sh wait SECONDS
# Without runs named, the two above. Each run also gets quark-ptq's own analysis and plan of the
# model (model_analysis.json, quant_plan.json), so that the estimate can be rebuilt from them.
set -u
E=/tmp/awqmem
RES=$E/results
mkdir -p "$RES" "$E/models" "$E/out"
pack() { tar czf "$E/pack.part" -C "$E" results && mv "$E/pack.part" "${OUT:-/tmp}/awq-memory.tgz"; }
if [ "${1:-}" = wait ]; then
  end=$(( $(date +%s) + ${2:-500} ))
  while [ ! -f "$E/finished" ] && [ "$(date +%s)" -lt "$end" ]; do sleep 5; done
  pack; tail -30 "$RES/pipeline.log"; exit 0
fi
if [ "${1:-}" = start ]; then
  rm -f "$E/finished"
  shift
  setsid bash "$0" pipeline "$@" > "$E/pipeline.out" 2>&1 < /dev/null &
  exit 0
fi
DEADLINE_S=${2:-900}
trap 'touch "$E/finished"; pack' EXIT
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }
left() { [ $(( $(date +%s) - T0 )) -lt "$DEADLINE_S" ]; }
mkdir -p /tmp/devbin && tar xJf .devbin/bin.tar.xz -C /tmp/devbin
export LD_LIBRARY_PATH=/tmp/devbin/lib
RESULT_LOG="$RES/wheels.txt" source scripts/device/qenv.sh
export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 XDG_CACHE_HOME=$E/cache
/tmp/devbin/quark-ptq data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --python "$PY" > "$RES/stage.txt" 2>&1
log "ready: $($PY -c 'import transformers, torch, quark; print(transformers.__version__, torch.__version__, torch.cuda.get_device_name())' 2>&1 | tail -1)"
nvidia-smi > "$RES/nvidia-smi.txt" 2>&1

stamp() { "$PY" -u -c 'import sys, time
for line in sys.stdin: sys.stdout.write(f"{time.time():.2f} {line}")'; }

measure() {  # measure NAME CONFIG LAYERS SCHEME ALGO
  local name=$1 cfg=$2 layers=$3 scheme=$4 algo=$5
  left || { log "deadline: $name not started"; return 0; }
  local model=$E/models/$name r=$RES/$name
  mkdir -p "$r"
  "$PY" scripts/make-tiny-model.py "$model" --config "$cfg" --num_hidden_layers "$layers" --device cuda \
    --max_shard_size 5GB > "$r/model.json" 2>&1 || { log "$name: build failed: $(tail -1 "$r/model.json")"; return 0; }
  log "$name: built"
  local wd=$E/wd/$name
  rm -rf "$wd"
  { /tmp/devbin/quark-ptq --workdir "$wd" analyze "$model" && /tmp/devbin/quark-ptq --workdir "$wd" confirm analysis &&
      /tmp/devbin/quark-ptq --workdir "$wd" plan --python "$PY" --target h100 --calib-samples 16 --seq-len 256 \
        --scheme "$scheme" --algo "$algo"; } > "$r/plan.txt" 2>&1
  cp "$wd"/model_analysis.json "$wd"/quant_plan.json "$r/" 2>/dev/null
  # nvidia-smi's view of the process beside the allocator's, as the zoo measured gpu_own
  ( while :; do nvidia-smi --query-compute-apps=pid,used_memory --format=csv,noheader,nounits 2>/dev/null \
      | sed "s/^/$(date +%s.%N | cut -c1-13) /"; sleep 1; done ) > "$r/smi.txt" &
  local smi=$!
  MEMTRACE_OUT=$r "$PY" scripts/device/memtrace.py torch-llm-ptq --model_dir "$model" --output_dir "$E/out/$name" \
    --quant_scheme "$scheme" --num_calib_data 16 --seq_len 256 --device cuda --no_trust_remote_code \
    --quant_algo "$algo" --skip_evaluation 2>&1 | stamp > "$r/log.txt"
  log "$name: quark-cli exit ${PIPESTATUS[0]}"
  kill "$smi" 2>/dev/null; wait "$smi" 2>/dev/null
  rm -rf "$model" "$E/out/$name"
  pack
}

M=tests/fixtures/models
shift 2
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=("mixtral_int4_awq|$M/mixtral-8x7b-v0.1/config.json|2|int4_wo_128|awq"
  "qwen2_moe_int4_awq|scripts/device/zoo-configs/qwen1.5-moe-a2.7b.json|2|int4_wo_128|awq")
for spec in "${runs[@]}"; do
  IFS='|' read -r name cfg layers scheme algo <<< "$spec"
  measure "$name" "$cfg" "$layers" "$scheme" "$algo"
done
log "done"
