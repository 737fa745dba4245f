#!/usr/bin/env bash
# Regenerates docs/zoo.md from the zoo suite (tests/zoo): the oracle fixtures and intake's
# config-only estimate. The zoo test Zoo.DocTableIsFresh fails while the file is stale.
#   scripts/update-zoo-doc.sh [build-dir]   (default: build; zoo_tests is built there)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
cmake --build "$build" --target zoo_tests
QPTQ_UPDATE_ZOO_DOC=1 "$build/tests/zoo/zoo_tests" --gtest_filter=Zoo.DocTableIsFresh
