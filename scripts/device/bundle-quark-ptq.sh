#!/usr/bin/env bash
# Packs a Release build of quark-ptq with the shared libraries it needs (all but glibc's own)
# into .devbin/, so that it runs on a GPU machine whose image lacks our Debian -dev packages.
# There: LD_LIBRARY_PATH=.devbin/lib .devbin/quark-ptq ...
# With --bench, also the intake benchmark (scripts/device/intake-bench.sh runs it there).
#   scripts/device/bundle-quark-ptq.sh [--bench | --from BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
# With --from DIR, the quark-ptq already built in DIR (e.g. the Debug build of scripts/test.sh)
# is packed instead: no second build when the device run does not measure quark-ptq's speed.
bench=OFF
from=""
[ "${1:-}" = "--bench" ] && bench=ON
[ "${1:-}" = "--from" ] && from=${2:?--from DIR}
if [ -z "$from" ]; then
  cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DQPTQ_BUILD_TESTS=$bench -DQPTQ_BUILD_BENCHMARKS=$bench >/dev/null
  targets=(quark-ptq)
  [ $bench = ON ] && targets+=(intake_bench)
  cmake --build build-release -j"$(nproc)" --target "${targets[@]}"
  from=build-release
fi
rm -rf .devbin && mkdir -p .devbin/lib
cp "$from/quark-ptq" .devbin/
[ $bench = ON ] && cp build-release/bench/intake_bench .devbin/
# The linked libraries, plus those quark-ptq loads with dlopen on first use (libcrypto for
# hashing, libcurl for the Hub) and what they link.
dlopened=$(ldconfig -p | awk '/libcrypto\.so\.3 |libcurl\.so\.4 /{print $NF}' | sort -u)
{ ldd "$from/quark-ptq"; [ $bench = ON ] && ldd build-release/bench/intake_bench; for l in $dlopened; do echo "x => $l (0)"; ldd "$l"; done; } | awk '/=> \//{print $3}' | sort -u | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|ld-linux*) ;;
    *) cp -L "$lib" .devbin/lib/ ;;
  esac
done
strip .devbin/quark-ptq 2>/dev/null || true  # symbols stay here; the carried tree is capped at 64 MiB
du -sh .devbin
