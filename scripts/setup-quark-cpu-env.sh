#!/usr/bin/env bash
# Build the SECOND pinned Python environment, for hosts without a GPU: amd-quark 0.12.post1,
# the last release whose `quark-cli torch-llm-ptq` quantizes on the CPU (amd-quark 0.13 offloads
# the whole model to disk when it finds no GPU: docs/quark-facts.md §5, §10.1). From
# python/requirements-quark-cpu.lock (exact pins of python/requirements-quark-cpu.txt).
#
#   scripts/setup-quark-cpu-env.sh [VENV_DIR]      default: <repo>/.venv-quark-cpu
#
# * Idempotent: skipped when VENV_DIR/.requirements.sha256 matches the lock file's hash and
#   VENV_DIR/bin/quark-cli exists. Any change to the lock rebuilds the venv from scratch.
# * Non-interactive (no stdin), fine under CI=true. Reaches PyPI only; --no-deps from the lock.
# * Same torch as the GPU environment (PyPI's CUDA build, which runs on a CPU-only host);
#   transformers 5.2.0, because 0.12.post1's [cli] pins transformers >5,<5.3.
# * scripts/quickstart.sh and scripts/test.sh build it when the host has no GPU (and CI always
#   builds it); `quark-ptq plan` then plans against this environment's real probe.
# Env: PYTHON, QUARK_ENV_FORCE as for scripts/setup-quark-env.sh, which does the work.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec bash "$repo/scripts/setup-quark-env.sh" "${1:-$repo/.venv-quark-cpu}" "$repo/python/requirements-quark-cpu.lock"
