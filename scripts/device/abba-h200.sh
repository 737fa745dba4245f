#!/usr/bin/env bash
# Issue 19 on the H200: what step 4 costs beside quark-cli, and what the first plan costs beside
# importing Quark, each as a ratio measured in one run. Not a test: a benchmark whose JSON goes
# into docs/benchmarks.md. Run ON the device from the repo root with .whl/ and the binary
# carried (.devbin/, or .devdata/devbin.tar.xz from scripts/device/bundle-quark-ptq.sh then
# `tar cJf .devdata/devbin.tar.xz .devbin`):
#   bash scripts/device/abba-h200.sh DEADLINE_S [CASE...]
# CASE: probe llama8b_fp8 moe_fp8 (default: all three, in that order), llama8b_fp8_eval.
#   probe        `python -c "import quark.torch"` in a fresh TORCH_EXTENSIONS_DIR and cache, then
#                the first `plan` in another fresh pair, then a second plan in a new workdir
#                (the cached probe): first_plan / import, and the second plan's seconds.
#   llama8b_fp8  Llama-3.1-8B architecture (random weights, made here), fp8;
#   moe_fp8      Qwen3-30B-A3B with 4 decoder layers, fp8.
#   llama8b_fp8_eval  the 8B with the plan's own evaluation (--eval smoke, .data/heldout carried):
#                one pair (ABBA_EVAL_PAIRS), B's run.phases give the evaluation's share.
#                Steps 1-3 once (quark-ptq), then ABBA with ABBA_PAIRS pairs (default 2):
#                A = the exact argv and env changes of run_manifest.yaml, run bare;
#                B = `quark-ptq run --approve DIGEST` (step 4: quark-cli, monitoring,
#                verification; the plan asks for no evaluation) from the workdir as prepare
#                left it. The output directory is emptied before every run. Recorded per run:
#                wall seconds; for B also quark-cli's seconds inside it (run.seconds), the
#                verification's seconds (result.seconds) and hashing (result.hash_seconds).
# No new case or run starts after DEADLINE_S seconds (nor a run that the last run's time says
# would end after it). A second call on a still-warm machine skips what is done (set-up,
# models, finished cases), so the list can be split over calls. Results: $OUT/abba.json (the
# numbers) and $OUT/abba.tgz (logs and artifacts, never weights).
#
# Time budget on the H200 (16 cores, 8B at 64 x 512 calibration; ~11 min in all):
#   set-up (venv, data) 30 s, Llama-8B weights 60 s, MoE weights 40 s,
#   probe 150 s (import ~60 s + first plan ~65 s + second plan ~1 s),
#   llama8b_fp8 steps 1-3 10 s + 4 x ~60 s, moe_fp8 steps 1-3 10 s + 4 x ~35 s.
# Split over two calls when one call's limit is 600 s:
#   call 1: bash scripts/device/abba-h200.sh 420 probe llama8b_fp8
#   call 2: bash scripts/device/abba-h200.sh 420 moe_fp8
#
# Dry run here without a GPU (tiny model, the CPU Quark environment, small calibration):
#   ABBA_DRY=cpu bash scripts/device/abba-h200.sh 900 probe llama8b_fp8
# Env: ABBA_PAIRS (2), ABBA_CALIB (64), ABBA_SEQ (512), ABBA_Q (the quark-ptq binary),
#      PY (the Python with amd-quark and quark-cli), ABBA_E (scratch root, /tmp/abba).
set -u
REPO=$(pwd)
E=${ABBA_E:-/tmp/abba}
RES=$E/results
DEADLINE_S=${1:-540}
shift || true
CASES=("$@")
[ ${#CASES[@]} -gt 0 ] || CASES=(probe llama8b_fp8 moe_fp8)
PAIRS=${ABBA_PAIRS:-2}
mkdir -p "$RES/cases" "$E/models" "$E/done"
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 ))s] $*" | tee -a "$RES/pipeline.log"; }
left() { [ $(( $(date +%s) - T0 + ${1:-0} )) -lt "$DEADLINE_S" ]; }  # left [SECONDS_NEEDED]
now() { date +%s.%N; }
summary() {
  python3 - "$RES" > "$RES/abba.json.part" <<'PY'
import glob, json, os, sys
res = sys.argv[1]
out = {"cases": {}}
p = os.path.join(res, "probe.json")
if os.path.exists(p):
    out["probe"] = json.load(open(p))
for d in sorted(glob.glob(os.path.join(res, "cases", "*"))):
    runs = [json.load(open(f)) for f in sorted(glob.glob(os.path.join(d, "run-*.json")))]
    case = {"runs": runs, "pairs": []}
    for k in range(0, len(runs) - 1, 2):
        a = next((r for r in runs[k:k + 2] if r["kind"] == "A"), None)
        b = next((r for r in runs[k:k + 2] if r["kind"] == "B"), None)
        # B exits 12 when its evaluation is not a pass (random weights): its times still count.
        if a and b and a["exit"] == 0 and b["exit"] in (0, 12):
            pair = {"A_s": a["wall_s"], "B_s": b["wall_s"], "ratio_B_over_A": round(b["wall_s"] / a["wall_s"], 4)}
            for key in ("quark_cli_s", "verify_s", "hash_s", "hashed_bytes", "early_hashed_files"):
                pair[key] = b.get(key)
            ev = (b.get("phases") or {}).get("evaluation")
            if ev is not None:
                pair["evaluation_s"] = ev
                pair["evaluation_share_of_B"] = round(ev / b["wall_s"], 4)
            pair["B_minus_quark_cli_s"] = round(b["wall_s"] - (b.get("quark_cli_s") or 0), 2)
            case["pairs"].append(pair)
    for f in ("steps123.json",):
        if os.path.exists(os.path.join(d, f)):
            case["steps123"] = json.load(open(os.path.join(d, f)))
    out["cases"][os.path.basename(d)] = case
json.dump(out, sys.stdout, indent=1)
PY
  mv "$RES/abba.json.part" "$RES/abba.json"
}
pack() {
  summary
  cp "$RES/abba.json" "${OUT:-/tmp}/abba.json" 2>/dev/null
  tar czf "$E/abba.tgz.part" -C "$E" results && mv "$E/abba.tgz.part" "${OUT:-/tmp}/abba.tgz"
}
trap pack EXIT

if [ "${ABBA_DRY:-}" = cpu ]; then
  # Here: the Debug or Release build, the CPU Quark environment, the tiny model for both cases.
  Q=${ABBA_Q:-$REPO/build/quark-ptq}
  PY=${PY:-$REPO/.venv-quark-cpu/bin/python}
  TARGET=(--target cpu)
  CALIB=${ABBA_CALIB:-4}; SEQ=${ABBA_SEQ:-64}
  MODEL_8B=$REPO/examples/tiny-llama; MODEL_MOE=$REPO/examples/tiny-llama
else
  [ -x .devbin/quark-ptq ] || tar xJf .devdata/devbin.tar.xz
  export LD_LIBRARY_PATH="$REPO/.devbin/lib" NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
  Q=${ABBA_Q:-$REPO/.devbin/quark-ptq}
  RESULT_LOG="$RES/wheels.txt" source scripts/device/qenv.sh  # sets PY=/tmp/qenv/bin/python
  TARGET=(--target h200)
  CALIB=${ABBA_CALIB:-64}; SEQ=${ABBA_SEQ:-512}
  MODEL_8B=$E/models/llama-3.1-8b; MODEL_MOE=$E/models/qwen3-30b-a3b-4l
fi
export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
# Every case but `probe` plans with one cache (the probe paid once, in the set-up below);
# `probe` uses fresh ones of its own.
export XDG_CACHE_HOME=$E/cache TORCH_EXTENSIONS_DIR=$E/torch_extensions
log "budget: set-up 30 s, models 100 s, probe 150 s, llama8b_fp8 250 s, moe_fp8 150 s; deadline ${DEADLINE_S} s"
log "quark-ptq $("$Q" --version 2>&1 | head -1); python $PY; calibration $CALIB x $SEQ; pairs $PAIRS"

if [ ! -f "$E/done/setup" ]; then
  "$Q" data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --python "$PY" > "$RES/stage.txt" 2>&1 &&
    touch "$E/done/setup"
  log "set-up: calibration data staged (exit $?)"
fi

make_model() {  # make_model DIR CONFIG [make-tiny-model options...]
  local dir=$1 config=$2; shift 2
  [ "${ABBA_DRY:-}" = cpu ] && return 0
  [ -f "$dir/.complete" ] && return 0
  local t; t=$(date +%s)
  python3 scripts/make-tiny-model.py "$dir" --config "$config" --device cuda --max_shard_size 5GB "$@" \
    > "$RES/model-$(basename "$dir").json" 2>&1 && touch "$dir/.complete"
  log "model $(basename "$dir"): $(du -sh "$dir" 2>/dev/null | cut -f1) in $(( $(date +%s) - t )) s"
}

# The probe ratio. Each side gets its own fresh TORCH_EXTENSIONS_DIR and cache directory, so
# that neither finds what the other built.
probe_case() {
  local p=$E/probe; rm -rf "$p"; mkdir -p "$p"
  local wd1=$p/wd1 wd2=$p/wd2
  # The plan side uses the cases' own cache and extensions directories when nothing has made
  # them yet (the cases after this one then find the probe done), else fresh ones here.
  local pc=$p/cache-plan pe=$p/ext-plan
  if [ ! -e "$XDG_CACHE_HOME" ] && [ ! -e "$TORCH_EXTENSIONS_DIR" ]; then pc=$XDG_CACHE_HOME pe=$TORCH_EXTENSIONS_DIR; fi
  "$Q" --workdir "$wd1" analyze "$MODEL_8B" > "$p/analyze1.txt" 2>&1 && "$Q" --workdir "$wd1" confirm analysis >> "$p/analyze1.txt" 2>&1
  "$Q" --workdir "$wd2" analyze "$MODEL_8B" > "$p/analyze2.txt" 2>&1 && "$Q" --workdir "$wd2" confirm analysis >> "$p/analyze2.txt" 2>&1
  local s e
  s=$(now)
  XDG_CACHE_HOME=$p/cache-import TORCH_EXTENSIONS_DIR=$p/ext-import "$PY" -c "import quark.torch" > "$p/import.txt" 2>&1
  local rc_import=$?
  e=$(now); local import_s; import_s=$(python3 -c "print(round($e - $s, 2))")
  log "probe: python -c 'import quark.torch' (fresh extensions dir) ${import_s} s, exit $rc_import"
  s=$(now)
  XDG_CACHE_HOME=$pc TORCH_EXTENSIONS_DIR=$pe "$Q" --workdir "$wd1" plan --python "$PY" "${TARGET[@]}" --scheme fp8 \
    --calib-samples "$CALIB" --seq-len "$SEQ" > "$p/plan1.txt" 2>&1
  local rc1=$?
  e=$(now); local plan1_s; plan1_s=$(python3 -c "print(round($e - $s, 2))")
  log "probe: first plan (fresh extensions dir and cache) ${plan1_s} s, exit $rc1"
  s=$(now)
  XDG_CACHE_HOME=$pc TORCH_EXTENSIONS_DIR=$pe "$Q" --workdir "$wd2" plan --python "$PY" "${TARGET[@]}" --scheme fp8 \
    --calib-samples "$CALIB" --seq-len "$SEQ" > "$p/plan2.txt" 2>&1
  local rc2=$?
  e=$(now); local plan2_s; plan2_s=$(python3 -c "print(round($e - $s, 2))")
  log "probe: second plan (another workdir, same environment) ${plan2_s} s, exit $rc2"
  python3 - "$import_s" "$rc_import" "$plan1_s" "$rc1" "$plan2_s" "$rc2" > "$RES/probe.json" <<'PY'
import json, sys
i, ri, p1, r1, p2, r2 = sys.argv[1:]
i, p1, p2 = float(i), float(p1), float(p2)
print(json.dumps({"import_quark_torch_s": i, "import_exit": int(ri), "first_plan_s": p1, "first_plan_exit": int(r1),
                  "second_plan_s": p2, "second_plan_exit": int(r2),
                  "ratio_first_plan_over_import": round(p1 / i, 3) if i > 0 else None,
                  "goal": "first plan <= 1.2 x import; second plan < 1 s"}, indent=1))
PY
  cp "$p"/*.txt "$RES/" 2>/dev/null
  find "$pc" "$pe" -maxdepth 4 > "$RES/probe-written.txt" 2>/dev/null
  touch "$E/done/probe"
}

# One ABBA case: steps 1-3 through quark-ptq once, then the runs.
abba_case() {  # abba_case NAME MODEL_DIR [plan options...]
  local name=$1 model=$2; shift 2
  local wd=$E/wd/$name snap=$E/wd/$name.prepared out=$E/out/$name r=$RES/cases/$name
  rm -rf "$wd" "$snap" "$out" "$r"; mkdir -p "$r"
  local s; s=$(now)
  {
    "$Q" --workdir "$wd" analyze "$model" && "$Q" --workdir "$wd" confirm analysis &&
      "$Q" --workdir "$wd" plan --python "$PY" "${TARGET[@]}" --calib-samples "$CALIB" --seq-len "$SEQ" "$@" &&
      "$Q" --workdir "$wd" confirm plan &&
      "$Q" --workdir "$wd" prepare --output-dir "$out" --python "$PY"
  } > "$r/steps123.txt" 2>&1
  local rc=$? e; e=$(now)
  python3 -c "import json; print(json.dumps({'seconds': round($e - $s, 2), 'exit': $rc}))" > "$r/steps123.json"
  cp "$wd"/*.json "$wd"/run_manifest.yaml "$r/" 2>/dev/null
  if [ $rc -ne 0 ]; then log "$name: steps 1-3 failed (exit $rc)"; return; fi
  log "$name: steps 1-3 in $(python3 -c "print(round($e - $s, 1))") s"
  cp -a "$wd" "$snap"  # every B starts from the workdir as prepare left it
  local digest; digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["command"]["digest"])' "$wd/run_manifest.yaml")
  local seq=() k
  for k in $(seq "$PAIRS"); do if [ $(( k % 2 )) -eq 1 ]; then seq+=(A B); else seq+=(B A); fi; done
  local i=0 last=0 kind
  for kind in "${seq[@]}"; do
    i=$(( i + 1 ))
    left "$last" || { log "$name: deadline, run $i ($kind) not started"; break; }
    rm -rf "$out"
    local f; f=$(printf '%s/run-%02d.json' "$r" "$i")
    if [ "$kind" = A ]; then
      python3 - "$wd/run_manifest.yaml" "$f" "$r/A-$i.stderr" <<'PY'
import json, os, subprocess, sys, time, yaml
m = yaml.safe_load(open(sys.argv[1]))
argv = m["command"]["argv"]
env = dict(os.environ)
env.update({c["name"]: c["value"] for c in m["command"].get("env_changes", [])})
s = time.time()
p = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=open(sys.argv[3], "w"))
w = time.time() - s
json.dump({"kind": "A", "exit": p.returncode, "wall_s": round(w, 3), "argv": argv}, open(sys.argv[2], "w"), indent=1)
PY
    else
      rm -rf "$wd" && cp -a "$snap" "$wd"
      local s2 e2 rc2; s2=$(now)
      "$Q" --workdir "$wd" --json run --approve "$digest" > "$r/B-$i.json" 2> "$r/B-$i.stderr"
      rc2=$?; e2=$(now)
      python3 - "$wd/run_manifest.yaml" "$f" "$rc2" "$(python3 -c "print(round($e2 - $s2, 3))")" <<'PY'
import json, sys, yaml
m = yaml.safe_load(open(sys.argv[1]))
run, res = m.get("run") or {}, m.get("result") or {}
hashed = sum(f.get("bytes", 0) for f in res.get("files", []))
json.dump({"kind": "B", "exit": int(sys.argv[3]), "wall_s": float(sys.argv[4]), "quark_cli_s": run.get("seconds"),
           "verify_s": res.get("seconds"), "hash_s": res.get("hash_seconds"), "hashed_bytes": hashed,
           "early_hashed_files": res.get("early_hashed_files"), "status": res.get("status"),
           "phases": run.get("phases"), "hash_tail_bytes": run.get("hash_tail_bytes")},
          open(sys.argv[2], "w"), indent=1)
PY
      cp "$wd/run_manifest.yaml" "$r/run_manifest-B-$i.yaml"
    fi
    last=$(python3 -c "import json,math; print(math.ceil(json.load(open('$f'))['wall_s']))")
    log "$name: run $i ($kind) $(python3 -c "import json; d=json.load(open('$f')); print('exit', d['exit'], 'wall', d['wall_s'], 's', ('quark-cli %s s, verify %s s' % (d.get('quark_cli_s'), d.get('verify_s'))) if d['kind'] == 'B' else '')")"
  done
  (cd "$out" 2>/dev/null && ls -la > "$r/listing.txt")
  rm -rf "$out"  # weights never come back
  touch "$E/done/$name"
}

for c in "${CASES[@]}"; do
  [ -f "$E/done/$c" ] && { log "$c: done in an earlier call"; continue; }
  left || { log "deadline: $c not started"; continue; }
  case $c in
    probe)
      make_model "$MODEL_8B" tests/fixtures/quark/models/llama-3.1-8b.json
      probe_case ;;
    llama8b_fp8)
      make_model "$MODEL_8B" tests/fixtures/quark/models/llama-3.1-8b.json
      abba_case llama8b_fp8 "$MODEL_8B" --scheme fp8 ;;
    llama8b_fp8_eval)
      # Issue 19's evaluation goal: step 4 with the plan's own evaluation (smoke) of the 8B,
      # its share of the run from run.phases. Random weights: the verdict means nothing, the
      # time is the point (each model loaded once, canary + perplexity windows on the GPU).
      make_model "$MODEL_8B" tests/fixtures/quark/models/llama-3.1-8b.json
      PAIRS=${ABBA_EVAL_PAIRS:-1} abba_case llama8b_fp8_eval "$MODEL_8B" --scheme fp8 --eval smoke --eval-text "$REPO/.data/heldout/evaluation.jsonl" ;;
    moe_fp8)
      make_model "$MODEL_MOE" tests/fixtures/quark/models/qwen3-30b-a3b.json --num_hidden_layers 4
      abba_case moe_fp8 "$MODEL_MOE" --scheme fp8 ;;
    *) log "unknown case $c" ;;
  esac
  pack
done
log "done"
