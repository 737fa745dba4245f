#!/usr/bin/env bash
# Packs a Release build of quark-ptq with the shared libraries it needs (all but glibc's own)
# into .devbin/, so that it runs on a GPU machine whose image lacks our Debian -dev packages.
# There: LD_LIBRARY_PATH=.devbin/lib .devbin/quark-ptq ...
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DQPTQ_BUILD_TESTS=OFF >/dev/null
cmake --build build-release -j"$(nproc)" --target quark-ptq
rm -rf .devbin && mkdir -p .devbin/lib
cp build-release/quark-ptq .devbin/
ldd build-release/quark-ptq | awk '/=> \//{print $3}' | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|ld-linux*) ;;
    *) cp -L "$lib" .devbin/lib/ ;;
  esac
done
du -sh .devbin
