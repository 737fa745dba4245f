#!/usr/bin/env bash
# Builds the libFuzzer targets (docs/fuzzing.md) with clang++, ASan + UBSan, RelWithDebInfo,
# and packs them for a device host of another distro into .devdata/fuzzers.tar.xz (< 20 MB):
#   bin/<target>_fuzz        debug info stripped (symbols kept); the unstripped ones stay in
#                            build-fuzz/ here, to symbolize a report from the device
#   lib/                     the shared libraries they link, all but glibc's own
#   corpus/<target>/         the committed seed corpora (tests/fuzz/<t>/, tests/fixtures/fuzz/safetensors/)
#   fixtures/olmo_fp8/       the recorded run the artifact targets read beside their input
#   dict/                    libFuzzer dictionaries (JSON, YAML)
#   BUILD                    commit, compiler, flags
# There: scripts/device/fuzz-h200.sh unpacks and runs it.
#   scripts/device/bundle-fuzzers.sh [BUILD_DIR]   (default build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-fuzz}
targets=(intake config index analysis plan manifest checkpoints help cli mcp probe evaluation)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
      -DQPTQ_BUILD_FUZZERS=ON -DQPTQ_BUILD_TESTS=OFF > /dev/null
cmake --build "$build" -j"${JOBS:-2}" --target "${targets[@]/%/_fuzz}"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/fuzzers
mkdir -p "$root/bin" "$root/lib" "$root/corpus" "$root/fixtures" "$root/dict"
for t in "${targets[@]}"; do
  bin=$(find "$build" -type f -name "${t}_fuzz" -perm -u+x | head -1)
  [ -n "$bin" ] || { echo "no ${t}_fuzz in $build" >&2; exit 1; }
  objcopy --strip-debug "$bin" "$root/bin/${t}_fuzz"
  if [ "$t" = intake ]; then cp -r tests/fixtures/fuzz/safetensors "$root/corpus/intake"; else cp -r "tests/fuzz/$t" "$root/corpus/$t"; fi
done
# The linked libraries (libFuzzer and the sanitizer runtimes are static), but glibc's own:
# the device's glibc is used, as for quark-ptq (scripts/device/bundle-quark-ptq.sh).
for b in "$root"/bin/*; do ldd "$b"; done | awk '/=> \//{print $3}' | sort -u | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|ld-linux*) ;;
    *) cp -L "$lib" "$root/lib/" ;;
  esac
done
cp -r tests/fixtures/quark/0.13/h200-zoo/runs/olmo_fp8 "$root/fixtures/olmo_fp8"
cp tests/fuzz/dict/*.dict "$root/dict/"
{
  echo "commit $(git rev-parse HEAD)$(git diff --quiet HEAD -- src tests/fuzz || echo ' (with uncommitted changes)')"
  echo "compiler $(clang++ --version | head -1)"
  echo "flags RelWithDebInfo -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
  echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(. /etc/os-release && echo "$PRETTY_NAME"), glibc $(ldd --version | head -1 | awk '{print $NF}')"
} > "$root/BUILD"
mkdir -p .devdata
tar -C "$stage" -cJf .devdata/fuzzers.tar.xz fuzzers
size=$(stat -c %s .devdata/fuzzers.tar.xz)
echo ".devdata/fuzzers.tar.xz: $size bytes ($(du -sh "$root" | cut -f1) unpacked)"
[ "$size" -lt $((20 * 1024 * 1024)) ] || { echo "over 20 MB" >&2; exit 1; }
