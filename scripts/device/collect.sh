#!/usr/bin/env bash
# The command given to the device `run` tool: start scripts/device/run-ground-truth.sh once
# (in its own session, so it outlives this call while the machine stays warm), wait for it
# up to WAIT_S seconds, then pack what it has so far into $OUT/results.tgz.
# Calling it again on the same (warm) machine only waits and packs again.
WAIT_S="${1:-540}"
QGT="${QGT:-/tmp/qgt}"
if mkdir "$QGT" 2>/dev/null; then
  setsid bash scripts/device/run-ground-truth.sh > "$QGT/pipeline.out" 2>&1 < /dev/null &
  echo "collect: started pipeline"
else
  echo "collect: pipeline already started"
fi
start=$(date +%s)
while [ ! -e "$QGT/results/DONE" ] && [ $(( $(date +%s) - start )) -lt "$WAIT_S" ]; do sleep 5; done
[ -e "$QGT/results/DONE" ] && echo "collect: DONE" || echo "collect: still running"
cp "$QGT/pipeline.out" "$QGT/results/" 2>/dev/null
tar czf "$OUT/results.tgz" -C "$QGT" results
ls -la "$OUT"
tail -n 40 "$QGT/results/pipeline.log" 2>/dev/null
