#!/usr/bin/env bash
# Ground-truth capture of the real `quark-cli torch-llm-ptq` on the H200 device machine.
# Run from the repository root ON the device (the `run` tool), with .whl/ carried:
#   setsid bash scripts/device/run-ground-truth.sh &      (see scripts/device/collect.sh)
# Everything lands in $QGT/results (default /tmp/qgt/results); results/DONE marks the end.
# Models are random-weight, built here by transformers from the configs in
# tests/fixtures/quark/models/. No network: calibration/evaluation data come from the shipped
# corpus staged into the datasets cache by knowledge/probes/stage_hf_dataset.py.
set -u
REPO="$(pwd)"
QGT="${QGT:-/tmp/qgt}"
RES="$QGT/results"
W="$QGT/work"
DEADLINE_S="${DEADLINE_S:-840}"   # start no new run after this many seconds
mkdir -p "$RES/env" "$RES/help" "$RES/runs" "$W/models" "$W/out"
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }
left() { [ $(( $(date +%s) - T0 )) -lt "$DEADLINE_S" ]; }

log "pipeline start"
# ---------- environment facts (before anything is installed) ----------
(
  cd "$RES/env"
  nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used,compute_cap --format=csv > nvidia-smi-query.csv 2>&1
  nvidia-smi > nvidia-smi.txt 2>&1
  uname -a > uname.txt
  cat /etc/os-release > os-release.txt 2>&1
  head -n 5 /proc/meminfo > meminfo-head.txt
  nproc > nproc.txt
  { echo "dockerenv: $( [ -e /.dockerenv ] && echo present || echo absent)"; echo "--- /proc/1/cgroup"; cat /proc/1/cgroup; echo "--- /proc/1/sched (first line)"; head -1 /proc/1/sched 2>/dev/null; echo "--- systemd-detect-virt"; systemd-detect-virt 2>&1 || true; } > container.txt 2>&1
  { which python3; python3 --version; } > python.txt 2>&1
  python3 -m pip list --format=freeze > pip-list-image.txt 2>&1
  python3 - > torch-facts.json 2>torch-facts.err <<'EOF'
import json, torch
d = {"torch.__version__": torch.__version__, "torch.version.cuda": torch.version.cuda,
     "torch.version.hip": getattr(torch.version, "hip", None),
     "cuda.is_available": torch.cuda.is_available(), "device_count": torch.cuda.device_count()}
if torch.cuda.is_available():
    d["devices"] = [{"name": torch.cuda.get_device_name(i),
                     "capability": list(torch.cuda.get_device_capability(i)),
                     "total_memory": torch.cuda.get_device_properties(i).total_memory,
                     "mem_get_info": list(torch.cuda.mem_get_info(i))} for i in range(torch.cuda.device_count())]
print(json.dumps(d, indent=1))
EOF
)
log "env facts done"

# ---------- wheels ----------
if [ -z "${SKIP_WHEELS:-}" ]; then  # SKIP_WHEELS=1: python3 on PATH already has everything (local dry run)
  source scripts/device/install-wheels.sh .whl /tmp/site > "$RES/env/install-wheels.txt" 2>&1
fi
log "wheels installed"
python3 -m pip list --format=freeze > "$RES/env/pip-list-after.txt" 2>&1

# ---------- datasets staged offline ----------
export HF_HOME="$W/hf"
python3 knowledge/probes/stage_hf_dataset.py tests/fixtures/quark/corpus/corpus.jsonl --check > "$RES/env/stage-hf-dataset.json" 2> "$RES/env/stage-hf-dataset.err"
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
find "$HF_HOME" -type f -printf '%s\t%P\n' | sort -k2 > "$RES/env/hf-cache-layout.txt"
log "datasets staged"

# ---------- help + API probe (the first import also JIT-builds Quark's kernels) ----------
(
  cd "$RES/help"
  s=$(date +%s.%N)
  env -u COLUMNS quark-cli torch-llm-ptq --help > torch-llm-ptq-help.txt 2> torch-llm-ptq-help.stderr.txt; echo $? > torch-llm-ptq-help.exit_status
  e=$(date +%s.%N); echo "{\"first_help_wall_s\": $(python3 -c "print(round($e-$s,2))")}" > help-timing.json
  COLUMNS=2000 quark-cli torch-llm-ptq --help > torch-llm-ptq-help.COLUMNS2000.txt 2> torch-llm-ptq-help.COLUMNS2000.stderr.txt; echo $? > torch-llm-ptq-help.COLUMNS2000.exit_status
  env -u COLUMNS quark-cli --help > quark-cli-help.txt 2> quark-cli-help.stderr.txt; echo $? > quark-cli-help.exit_status
  COLUMNS=2000 quark-cli --help > quark-cli-help.COLUMNS2000.txt 2> /dev/null
  quark-cli torch-llm-ptq > no-args.stdout.txt 2> no-args.stderr.txt; echo $? > no-args.exit_status
)
python3 scripts/device/quark-api-probe.py > "$RES/probe.json" 2> "$RES/probe.stderr.txt"
log "help + probe done"

# ---------- models ----------
python3 scripts/make-tiny-model.py "$W/models/tiny-qwen3" --config tests/fixtures/quark/models/tiny-qwen3.json > "$RES/env/model-tiny-qwen3.json" 2>/dev/null
python3 scripts/make-tiny-model.py "$W/models/tiny-qwen3-moe" --config tests/fixtures/quark/models/tiny-qwen3-moe.json > "$RES/env/model-tiny-qwen3-moe.json" 2>/dev/null
TINY="$REPO/examples/tiny-llama"

cap() {  # cap NAME MODEL_DIR [--gpu] [--env K=V ...] -- extra quark args
  local name="$1" model="$2"; shift 2
  local gpu="" envs=()
  while [ "$1" != "--" ]; do
    case "$1" in --gpu) gpu="--gpu";; --env) envs+=("$2"); shift;; esac; shift
  done; shift
  local out="$W/out/$name"
  rm -rf "$out"
  env "${envs[@]}" python3 "$REPO/scripts/device/capture-run.py" "$RES/runs/$name" --output-dir "$out" $gpu --timeout 420 -- \
    quark-cli torch-llm-ptq --model_dir "$model" --output_dir "$out" --no_trust_remote_code "$@" \
    2>> "$RES/pipeline.log"
  rm -rf "$out"   # weights never leave the machine; headers/listing/config are captured
  log "run $name: exit $(cat "$RES/runs/$name/exit_status" 2>/dev/null)"
}

# tiny runs in parallel with building the 8B model (no GPU sampling: processes share the GPU)
(
  cap tiny_fp8 "$TINY" -- --quant_scheme fp8 --num_calib_data 32 --seq_len 128 --skip_evaluation &
  cap tiny_fp8_device_cpu "$TINY" -- --quant_scheme fp8 --device cpu --num_calib_data 32 --seq_len 128 --skip_evaluation &
  cap tiny_moe_fp8 "$W/models/tiny-qwen3-moe" -- --quant_scheme fp8 --num_calib_data 32 --seq_len 128 --skip_evaluation &
  wait
  cap fail_unknown_scheme "$TINY" -- --quant_scheme fp9 --num_calib_data 32 --seq_len 128 --skip_evaluation &
  cap fail_awq_qwen3 "$W/models/tiny-qwen3" -- --quant_scheme int4_wo_128 --quant_algo awq --num_calib_data 32 --seq_len 128 --skip_evaluation &
  cap fail_awq_qwen3_moe "$W/models/tiny-qwen3-moe" -- --quant_scheme int4_wo_128 --quant_algo awq --num_calib_data 32 --seq_len 128 --skip_evaluation &
  wait
  cap fail_no_dataset_offline "$TINY" --env HF_HOME="$W/hf-empty" -- --quant_scheme fp8 --num_calib_data 32 --seq_len 128 --skip_evaluation &
  cap fail_unknown_argument "$TINY" -- --quant_scheme fp8 --group_size 32 --skip_evaluation &
  cap fail_kv_int8 "$TINY" -- --quant_scheme fp8 --kv_cache_dtype int8_per_token --num_calib_data 32 --seq_len 128 --skip_evaluation &
  wait
  cap tiny_int4_awq "$TINY" -- --quant_scheme int4_wo_128 --quant_algo awq --num_calib_data 32 --seq_len 128 --skip_evaluation &
  cap tiny_mxfp4 "$TINY" -- --quant_scheme mxfp4 --num_calib_data 32 --seq_len 128 --skip_evaluation &
  cap tiny_ptpc_fp8_kv "$TINY" -- --quant_scheme ptpc_fp8 --kv_cache_dtype fp8 --num_calib_data 32 --seq_len 128 &
  wait
) &
TINY_PID=$!

s=$(date +%s)
python3 scripts/make-tiny-model.py "$W/models/llama-3.1-8b" --config tests/fixtures/quark/models/llama-3.1-8b.json --device cuda --max_shard_size 5GB > "$RES/env/model-llama-3.1-8b.json" 2> "$RES/env/model-llama-3.1-8b.err"
log "built llama-3.1-8b in $(( $(date +%s) - s ))s"
wait "$TINY_PID"
log "tiny runs done"

B8="$W/models/llama-3.1-8b"
CAL=(--num_calib_data 64 --seq_len 512 --batch_size 1)
left && cap llama8b_fp8_eval "$B8" --gpu -- --quant_scheme fp8 "${CAL[@]}"
if left; then
  s=$(date +%s)
  python3 scripts/make-tiny-model.py "$W/models/qwen3-30b-a3b-4l" --config tests/fixtures/quark/models/qwen3-30b-a3b.json --num_hidden_layers 4 --device cuda --max_shard_size 5GB > "$RES/env/model-qwen3-30b-a3b-4l.json" 2> "$RES/env/model-qwen3-30b-a3b-4l.err"
  log "built qwen3-30b-a3b-4l in $(( $(date +%s) - s ))s"
  cap moe_qwen3_30b_a3b_4l_fp8 "$W/models/qwen3-30b-a3b-4l" --gpu -- --quant_scheme fp8 "${CAL[@]}" --skip_evaluation
  rm -rf "$W/models/qwen3-30b-a3b-4l"
fi
left && cap llama8b_fp8_kvfp8 "$B8" --gpu -- --quant_scheme fp8 --kv_cache_dtype fp8 "${CAL[@]}" --skip_evaluation
left && cap llama8b_int4_wo_128_awq "$B8" --gpu -- --quant_scheme int4_wo_128 --quant_algo awq "${CAL[@]}" --skip_evaluation
left && cap llama8b_mxfp4 "$B8" --gpu -- --quant_scheme mxfp4 "${CAL[@]}" --skip_evaluation
left && cap llama8b_ptpc_fp8 "$B8" --gpu -- --quant_scheme ptpc_fp8 "${CAL[@]}" --skip_evaluation
if left; then
  # out-of-memory on purpose: another process holds ~124 GiB of the GPU first
  python3 -c "import torch,time; x=torch.empty(124*2**30,dtype=torch.uint8,device='cuda'); open('$QGT/hold.ready','w').close(); time.sleep(900)" &
  HOLD=$!
  for _ in $(seq 60); do [ -e "$QGT/hold.ready" ] && break; sleep 1; done
  nvidia-smi --query-gpu=memory.used,memory.total --format=csv > "$RES/env/oom-holder-nvidia-smi.csv" 2>&1
  cap fail_oom_gpu_busy_llama8b_fp8 "$B8" --gpu -- --quant_scheme fp8 "${CAL[@]}" --skip_evaluation
  kill "$HOLD" 2>/dev/null; wait "$HOLD" 2>/dev/null
fi
left || log "deadline reached: later runs skipped"
log "pipeline end"
touch "$RES/DONE"
