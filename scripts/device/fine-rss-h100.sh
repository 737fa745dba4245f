#!/usr/bin/env bash
# Two bare quark-cli runs of the Mixtral 4-layer fp8 plan of scripts/device/estimate-h100.sh
# (its manifest's argv) with the process tree's RSS sampled every 0.1 s, where quark-ptq's run
# monitor samples every 2 s: the load phase (1.7 s) and the export's second copy of the shard
# (under a second) showed only here. Results in $OUT/fine.tgz (fixture: tests/fixtures/quark/
# 0.13/h100/fine-rss). Run ON the device from the repo root with .devbin/ (bin.tar.xz as for
# estimate-h100.sh) and .whl/ carried:  bash scripts/device/fine-rss-h100.sh
set -u
E=/tmp/fine; mkdir -p $E/res
mkdir -p /tmp/devbin && tar xJf .devbin/bin.tar.xz -C /tmp/devbin
export LD_LIBRARY_PATH=/tmp/devbin/lib
RESULT_LOG=$E/res/wheels.txt source scripts/device/qenv.sh
export HF_HOME=$E/hf HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 XDG_CACHE_HOME=$E/cache
/tmp/devbin/quark-ptq data stage tests/fixtures/quark/corpus/corpus.jsonl --as pileval --as wikitext --python "$PY" > $E/res/stage.txt 2>&1
"$PY" scripts/make-tiny-model.py $E/mixtral --config tests/fixtures/models/mixtral-8x7b-v0.1/config.json --num_hidden_layers 4 --device cuda --max_shard_size 5GB > $E/res/model.json 2>&1
ls -la $E/mixtral > $E/res/model-listing.txt
for i in 1 2; do
  rm -rf $E/out
  (cd /tmp && exec /tmp/qenv/bin/quark-cli torch-llm-ptq --model_dir $E/mixtral --output_dir $E/out --quant_scheme fp8 --num_calib_data 64 --seq_len 512 --device cuda --no_trust_remote_code --skip_evaluation) > $E/res/quark-$i.log 2>&1 &
  pid=$!
  python3 - $pid > $E/res/rss-$i.txt <<'PY'
import psutil, sys, time
root = psutil.Process(int(sys.argv[1])); t0 = time.time(); peak = 0
while root.is_running() and root.status() != psutil.STATUS_ZOMBIE:
    try:
        procs = [root] + root.children(recursive=True)
        rss = sum(p.memory_info().rss for p in procs if p.is_running()) / 2**20
    except psutil.Error:
        continue
    peak = max(peak, rss)
    print(f"{time.time()-t0:.2f} {rss:.0f}", flush=True)
    time.sleep(0.1)
print(f"peak {peak:.0f}")
PY
  wait $pid; echo "exit $?" >> $E/res/quark-$i.log
done
tar czf $OUT/fine.tgz -C $E res
tail -1 $E/res/rss-1.txt $E/res/rss-2.txt
