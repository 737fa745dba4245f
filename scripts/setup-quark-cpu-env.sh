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
# Env: PYTHON (interpreter for the venv, default python3; needs 3.11-3.13),
#      QUARK_ENV_FORCE=1 rebuilds even when the hash matches.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${1:-$repo/.venv-quark-cpu}"
lock="$repo/python/requirements-quark-cpu.lock"
py="${PYTHON:-python3}"

hash="$(sha256sum "$lock" | cut -d' ' -f1)"
stamp="$venv/.requirements.sha256"
if [ -z "${QUARK_ENV_FORCE:-}" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ] && [ -x "$venv/bin/quark-cli" ]; then
  echo "setup-quark-cpu-env: $venv is up to date (lock $hash)"
  exit 0
fi

"$py" -c 'import sys; v=sys.version_info[:2]; sys.exit(0 if (3,11)<=v<(3,14) else "setup-quark-cpu-env: amd-quark 0.12.post1 needs python >=3.11,<3.14, got %d.%d" % v)'

start=$(date +%s)
rm -rf "$venv"
"$py" -m venv "$venv"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_PROGRESS_BAR=off
"$venv/bin/python" -m pip install -q --no-cache-dir --no-deps -r "$lock" </dev/null
"$venv/bin/python" -m pip check >/dev/null 2>&1 || "$venv/bin/python" -m pip check || true
"$venv/bin/python" - <<'PY'
import importlib.metadata as md
for d in ("amd-quark", "torch", "transformers", "datasets", "accelerate"):
    print(f"setup-quark-cpu-env: {d}=={md.version(d)}")
PY
echo "$hash" > "$stamp"
echo "setup-quark-cpu-env: built $venv in $(( $(date +%s) - start ))s"
