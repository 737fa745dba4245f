#!/usr/bin/env bash
# Runs clang-tidy-14 with the repository's .clang-tidy (the checks that find bugs, issue 13)
# over first-party sources, using BUILD_DIR/compile_commands.json (default build-lint/, which it
# configures: clang++, no precompiled header, since clang cannot read the .gch gcc
# makes for the normal build). Prints each finding and a count; exits 1 when there is any.
#   scripts/lint.sh [FILE...]       default: every src/*.cpp and bench/*.cpp in git
# Not part of scripts/test.sh: about 13 CPU-s per file on the 2-core VM (3 files measured), about an hour for the tree.
set -euo pipefail
cd "$(dirname "$0")/.."
tidy=${CLANG_TIDY:-clang-tidy-14}
build=${BUILD_DIR:-build-lint}
command -v "$tidy" >/dev/null || { echo "lint.sh: $tidy not found (scripts/setup-deps.sh installs it)" >&2; exit 2; }
# Configured every time (a few seconds): a source added since the last configure would have no
# compile command, and clang-tidy would skip it with an error that is not a finding.
if [ -z "${BUILD_DIR:-}" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DQPTQ_BUILD_TESTS=ON -DQPTQ_PCH=OFF -DCMAKE_CXX_COMPILER=clang++ > /dev/null
fi
[ -f "$build/compile_commands.json" ] || { echo "lint.sh: no $build/compile_commands.json" >&2; exit 2; }
if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(git ls-files 'src/*.cpp' 'bench/*.cpp'); fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -n 4 "$tidy" -p "$build" --quiet 2>/dev/null > "$out" || true
# A finding is "FILE:LINE:COL: warning|error: TEXT [check]"; notes under it stay with it.
count=$(grep -cE '^([^ ]+:[0-9]+:[0-9]+: )?(warning|error): ' "$out" || true)
cat "$out"
echo "lint.sh: $count finding(s) in ${#files[@]} file(s)"
[ "$count" = 0 ]
