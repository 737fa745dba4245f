#!/usr/bin/env bash
# Issue 7 on the H200: the whole four-step flow THROUGH quark-ptq (not the bare command), on
# random-weight models of real architectures, plus the same fp8 command run bare for the
# orchestration overhead. Run ON the device from the repo root with .whl/ and .devbin/
# carried (scripts/device/fetch-wheels.sh, scripts/device/bundle-quark-ptq.sh):
#   bash scripts/device/e2e-h200.sh DEADLINE_S FLOW...
# FLOW: llama8b_fp8 bare_llama8b_fp8 moe_fp8 llama8b_fp8_kvfp8 llama8b_ptpc_fp8 llama8b_mxfp4
#       llama8b_int4_wo_128_awq llama8b_8l_int4_wo_128_awq oom_8l_awq tiny_int4_wo_128_awq
#       (default: the first six and the tiny one, in that order).
# No new flow starts after DEADLINE_S seconds. Set-up is skipped when a previous call on the
# same (still warm) machine left it in place, so a long list can be split over calls.
# Results (artifacts, logs, verification, timings; never weights) land in $OUT/e2e.tgz.
set -u
REPO=$(pwd)
E=/tmp/e2e
RES=$E/results
DEADLINE_S=${1:-380}   # no new flow starts after this many seconds
shift || true
FLOWS=("$@")
[ ${#FLOWS[@]} -gt 0 ] || FLOWS=(llama8b_fp8 bare_llama8b_fp8 moe_fp8 llama8b_fp8_kvfp8 llama8b_ptpc_fp8 llama8b_mxfp4 tiny_int4_wo_128_awq)
mkdir -p "$RES/runs" "$E/models" "$E/out"
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }
left() { [ $(( $(date +%s) - T0 )) -lt "$DEADLINE_S" ]; }
pack() { tar czf "$E/e2e.tgz.part" -C "$E" results && mv "$E/e2e.tgz.part" "${OUT:-/tmp}/e2e.tgz"; log "packed"; }  # never a half-written archive
trap pack EXIT
export LD_LIBRARY_PATH="$REPO/.devbin/lib" NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
Q="$REPO/.devbin/quark-ptq"

# One Python environment that has amd-quark and its quark-cli side by side (quark-ptq insists
# on that): a venv holding the carried wheels, seeing the image's torch through a .pth file.
RESULT_LOG="$RES/wheels.txt" source scripts/device/qenv.sh  # /tmp/qenv from .whl/, once per machine
log "venv ready: $($PY -c 'import transformers, datasets, torch; print(transformers.__version__, datasets.__version__, torch.__version__)' 2>&1)"

# The real environment probe recording for tests/fixtures/envprobe/probe/nvidia-h200.json.
$PY knowledge/probes/env_probe.py --system > "$RES/nvidia-h200-probe.json" 2> "$RES/nvidia-h200-probe.err"
"$Q" --json env --python "$PY" > "$RES/env.json" 2> "$RES/env.txt"; echo "env exit $?" >> "$RES/env.txt"
log "env probe done"

export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 XDG_CACHE_HOME=$E/cache
"$Q" data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --as wikitext --python "$PY" > "$RES/stage.txt" 2>&1
log "data staged: exit $?"

B8=$E/models/llama-3.1-8b
if [ ! -f "$E/models/.llama-3.1-8b.complete" ]; then
  python3 scripts/make-tiny-model.py "$B8" --config tests/fixtures/quark/models/llama-3.1-8b.json \
    --device cuda --max_shard_size 5GB > "$RES/model-8b.json" 2>&1 && touch "$E/models/.llama-3.1-8b.complete"
  log "built llama-3.1-8b"
fi
pack

CALIB=64
flow() {  # flow NAME MODEL_DIR [plan options...]
  local name=$1 model=$2; shift 2
  local wd=$E/wd/$name out=$E/out/$name r=$RES/runs/$name
  mkdir -p "$r"
  local s; s=$(date +%s.%N)
  {
    "$Q" --workdir "$wd" analyze "$model" && "$Q" --workdir "$wd" confirm analysis &&
    "$Q" --workdir "$wd" plan --python "$PY" --target h200 --calib-samples "$CALIB" --seq-len 512 "$@" &&
    "$Q" --workdir "$wd" confirm plan
    "$Q" --workdir "$wd" --json prepare --output-dir "$out" --python "$PY" > "$r/prepare.json"
    echo "prepare exit $?"
  } > "$r/steps.txt" 2>&1
  local p; p=$(date +%s.%N)
  local digest; digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$wd/run_manifest.yaml" 2>/dev/null)
  "$Q" --workdir "$wd" run --approve "$digest" > "$r/run.txt" 2>&1
  echo "run exit $?" >> "$r/run.txt"
  local e; e=$(date +%s.%N)
  "$Q" --json verify "$out" --plan "$wd/quant_plan.json" --source "$model" > "$r/verify.json" 2> "$r/verify.txt"
  echo "verify exit $?" >> "$r/verify.txt"
  "$Q" --workdir "$wd" accept >> "$r/run.txt" 2>&1
  python3 -c "import json; print(json.dumps({'pre_gate_s': round($p-$s,2), 'run_s': round($e-$p,2)}))" > "$r/wall.json"
  cp "$wd"/*.json "$wd"/run_manifest.yaml "$r/" 2>/dev/null; cp -r "$wd/logs" "$r/" 2>/dev/null
  (cd "$out" 2>/dev/null && ls -la > "$r/listing.txt")
  rm -rf "$out"
  log "flow $name: $(tail -1 "$r/run.txt" | tr '\n' ' ') $(tail -1 "$r/verify.txt")"
  pack  # after every flow: a call cut off at its time limit still returns what was done
}

bare_fp8() {  # the same approved argv, bare, for wall(quark-ptq) / wall(bare)
  local r=$RES/runs/bare_llama8b_fp8; mkdir -p "$r"
  python3 - "$E/wd/llama8b_fp8/run_manifest.yaml" "$r" <<'PY'
import json, os, subprocess, sys, time, yaml
m = yaml.safe_load(open(sys.argv[1])); argv = m["command"]["argv"]
out = argv[argv.index("--output_dir") + 1] + "-bare"; argv[argv.index("--output_dir") + 1] = out
env = dict(os.environ); env.update({c["name"]: c["value"] for c in m["command"]["env_changes"]})
s = time.time(); p = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(sys.argv[2], "stderr.txt"), "w")); w = time.time() - s
json.dump({"argv": argv, "exit": p.returncode, "wall_s": round(w, 2)}, open(os.path.join(sys.argv[2], "bare.json"), "w"))
subprocess.run(["rm", "-rf", out])
PY
  log "bare fp8 done"
}

moe_fp8() {
  python3 scripts/make-tiny-model.py "$E/models/qwen3-30b-a3b-4l" --config tests/fixtures/quark/models/qwen3-30b-a3b.json \
    --num_hidden_layers 4 --device cuda --max_shard_size 5GB > "$RES/model-moe.json" 2>&1
  flow moe_qwen3_30b_a3b_4l_fp8 "$E/models/qwen3-30b-a3b-4l" --scheme fp8
  rm -rf "$E/models/qwen3-30b-a3b-4l"
}

for f in "${FLOWS[@]}"; do
  left || { log "deadline: $f not started"; continue; }
  case $f in
    llama8b_fp8) flow llama8b_fp8 "$B8" --scheme fp8 ;;
    bare_llama8b_fp8) bare_fp8 ;;
    moe_fp8) moe_fp8 ;;
    llama8b_fp8_kvfp8) flow llama8b_fp8_kvfp8 "$B8" --scheme fp8 --kv-cache fp8 ;;
    llama8b_ptpc_fp8) flow llama8b_ptpc_fp8 "$B8" --scheme ptpc_fp8 ;;
    llama8b_mxfp4) flow llama8b_mxfp4 "$B8" --scheme mxfp4 ;;
    # AWQ costs ~17.5 s per 8B decoder layer at 64 samples (docs/quark-facts.md): 16 here.
    llama8b_int4_wo_128_awq) CALIB=16 flow llama8b_int4_wo_128_awq "$B8" --scheme int4_wo_128 --algo awq ;;
    llama8b_8l_int4_wo_128_awq)  # the 8B architecture with 8 of its 32 decoder layers
      python3 scripts/make-tiny-model.py "$E/models/llama-3.1-8b-8l" --config tests/fixtures/quark/models/llama-3.1-8b.json \
        --num_hidden_layers 8 --device cuda --max_shard_size 5GB > "$RES/model-8b-8l.json" 2>&1
      CALIB=16 flow llama8b_8l_int4_wo_128_awq "$E/models/llama-3.1-8b-8l" --scheme int4_wo_128 --algo awq ;;
    oom_8l_awq)  # a real CUDA OOM: another process takes the GPU once the model is loaded
      [ -f "$E/models/llama-3.1-8b-8l/config.json" ] || python3 scripts/make-tiny-model.py "$E/models/llama-3.1-8b-8l" \
        --config tests/fixtures/quark/models/llama-3.1-8b.json --num_hidden_layers 8 --device cuda --max_shard_size 5GB > "$RES/model-8b-8l.json" 2>&1
      python3 scripts/device/gpu-hog.py --after-used-gib 6.2 --leave-gib 2 --hold-s 300 > "$RES/hog.txt" 2>&1 &
      CALIB=16 flow oom_8l_awq "$E/models/llama-3.1-8b-8l" --scheme int4_wo_128 --algo awq
      kill %% 2>/dev/null; wait ;;
    tiny_int4_wo_128_awq) flow tiny_int4_wo_128_awq "$REPO/examples/tiny-llama" --scheme int4_wo_128 --algo awq ;;
    *) log "unknown flow $f" ;;
  esac
done
log "done"
