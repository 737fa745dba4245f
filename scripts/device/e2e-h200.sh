#!/usr/bin/env bash
# Issue 7 on the H200: the whole four-step flow THROUGH quark-ptq (not the bare command), on
# random-weight models of real architectures, plus the same fp8 command run bare for the
# orchestration overhead. Run ON the device from the repo root with .whl/ and .devbin/
# carried (scripts/device/fetch-wheels.sh, scripts/device/bundle-quark-ptq.sh):
#   bash scripts/device/e2e-h200.sh [DEADLINE_S]
# Results (artifacts, logs, verification, timings; never weights) land in $OUT/e2e.tgz.
set -u
REPO=$(pwd)
E=/tmp/e2e
RES=$E/results
DEADLINE_S=${1:-380}   # no new flow starts after this many seconds
mkdir -p "$RES/runs" "$E/models" "$E/out"
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }
left() { [ $(( $(date +%s) - T0 )) -lt "$DEADLINE_S" ]; }
pack() { tar czf "${OUT:-/tmp}/e2e.tgz" -C "$E" results; log "packed"; }
trap pack EXIT
export LD_LIBRARY_PATH="$REPO/.devbin/lib" NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
Q="$REPO/.devbin/quark-ptq"

# One Python environment that has amd-quark and its quark-cli side by side (quark-ptq insists
# on that): a venv holding the carried wheels, seeing the image's torch through a .pth file.
python3 -m venv --without-pip /tmp/qenv
SP=/tmp/qenv/lib/python3.12/site-packages
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target "$SP" .whl/*.whl > "$RES/wheels.txt" 2>&1
python3 -c 'import site; print(site.getsitepackages()[0])' > "$SP/zz_image_site.pth"
printf '#!/tmp/qenv/bin/python\nimport sys\nfrom quark.experimental.cli.main import main\nsys.exit(main())\n' > /tmp/qenv/bin/quark-cli
chmod +x /tmp/qenv/bin/quark-cli
PY=/tmp/qenv/bin/python
log "venv ready: $($PY -c 'import transformers, datasets, torch; print(transformers.__version__, datasets.__version__, torch.__version__)' 2>&1)"

# The real environment probe recording for tests/fixtures/envprobe/probe/nvidia-h200.json.
$PY knowledge/probes/env_probe.py --system > "$RES/nvidia-h200-probe.json" 2> "$RES/nvidia-h200-probe.err"
"$Q" --json env --python "$PY" > "$RES/env.json" 2> "$RES/env.txt"; echo "env exit $?" >> "$RES/env.txt"
log "env probe done"

export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 XDG_CACHE_HOME=$E/cache
"$Q" data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --as wikitext --python "$PY" > "$RES/stage.txt" 2>&1
log "data staged: exit $?"

python3 scripts/make-tiny-model.py "$E/models/llama-3.1-8b" --config tests/fixtures/quark/models/llama-3.1-8b.json \
  --device cuda --max_shard_size 5GB > "$RES/model-8b.json" 2>&1
log "built llama-3.1-8b"
pack

flow() {  # flow NAME MODEL_DIR [plan options...]
  local name=$1 model=$2; shift 2
  local wd=$E/wd/$name out=$E/out/$name r=$RES/runs/$name
  mkdir -p "$r"
  local s; s=$(date +%s.%N)
  {
    "$Q" --workdir "$wd" analyze "$model" && "$Q" --workdir "$wd" confirm analysis &&
    "$Q" --workdir "$wd" plan --python "$PY" --target h200 --calib-samples 64 --seq-len 512 "$@" &&
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

B8=$E/models/llama-3.1-8b
left && flow llama8b_fp8 "$B8" --scheme fp8
if left; then  # the same approved argv, bare, for wall(quark-ptq) / wall(bare)
  r=$RES/runs/bare_llama8b_fp8; mkdir -p "$r"
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
fi
if left; then
  python3 scripts/make-tiny-model.py "$E/models/qwen3-30b-a3b-4l" --config tests/fixtures/quark/models/qwen3-30b-a3b.json \
    --num_hidden_layers 4 --device cuda --max_shard_size 5GB > "$RES/model-moe.json" 2>&1
  flow moe_qwen3_30b_a3b_4l_fp8 "$E/models/qwen3-30b-a3b-4l" --scheme fp8
  rm -rf "$E/models/qwen3-30b-a3b-4l"
fi
left && flow llama8b_fp8_kvfp8 "$B8" --scheme fp8 --kv-cache fp8
left && flow llama8b_ptpc_fp8 "$B8" --scheme ptpc_fp8
left && flow llama8b_mxfp4 "$B8" --scheme mxfp4
left && flow tiny_int4_wo_128_awq "$REPO/examples/tiny-llama" --scheme int4_wo_128 --algo awq
log "done"
