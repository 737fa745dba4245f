#!/usr/bin/env bash
# The zoo matrix of scripts/device/zoo-h200.sh with one instance per architecture, side by side
# on the one GPU (16 cores, 128 GiB host, the models at 2 layers are small), so that a short
# device budget still covers many architectures. Run ON the device from the repo root with
# .whl/ and .devdata/devbin.tar.xz (scripts/device/bundle-quark-ptq.sh, then
# `tar cJf .devdata/devbin.tar.xz .devbin`) carried:
#   bash scripts/device/zoo-parallel.sh WAIT_S ARCH...
# Each instance packs its results into $OUT/zoo-<arch>.tgz after every flow; this script waits
# at most WAIT_S seconds, then reports what finished (instances still running keep going on a
# warm machine; `bash scripts/device/zoo-parallel.sh --collect ARCH...` packs them again).
# Peaks are per process group (host) and per process (GPU, nvidia-smi --query-compute-apps), so
# they stay comparable with single runs; wall times are not (the instances share the CPU).
set -u
if [ "${1:-}" = "--collect" ]; then
  shift
  for a in "$@"; do ZOO_E=/tmp/zoo-$a bash scripts/device/zoo-h200.sh --collect nowait > /dev/null 2>&1; done
  ls -la "${OUT:-/tmp}"; exit 0
fi
WAIT_S=${1:?WAIT_S}
shift
[ -x .devbin/quark-ptq ] || tar xJf .devdata/devbin.tar.xz
mkdir -p /tmp/zoo-shared
RESULT_LOG=/tmp/zoo-shared/wheels.txt source scripts/device/qenv.sh
T0=$(date +%s)
for a in "$@"; do
  ZOO_E=/tmp/zoo-$a ZOO_CACHE=/tmp/zoo-shared/cache setsid bash scripts/device/zoo-h200.sh 99999 "$a" > "/tmp/zoo-$a.log" 2>&1 < /dev/null &
done
while pgrep -f "zoo-h200.sh [0-9]" > /dev/null && [ $(( $(date +%s) - T0 )) -lt "$WAIT_S" ]; do sleep 5; done
echo "zoo-parallel: $(( $(date +%s) - T0 ))s; still running: $(pgrep -fc "zoo-h200.sh [0-9]")"
for a in "$@"; do echo "== $a"; tail -4 "/tmp/zoo-$a.log"; done
ls -la "${OUT:-/tmp}"
