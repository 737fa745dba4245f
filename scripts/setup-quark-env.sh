#!/usr/bin/env bash
# Build the Python virtualenv that drives AMD Quark's `quark-cli torch-llm-ptq`, from
# python/requirements-quark.lock (exact pins of python/requirements-quark.txt, resolved once).
#
#   scripts/setup-quark-env.sh [VENV_DIR [LOCK]]   default: <repo>/.venv-quark from
#                                                 python/requirements-quark.lock
# (scripts/setup-quark-cpu-env.sh is this script with the 0.12.post1 lock and venv.)
#
# * Idempotent: skipped when VENV_DIR/.requirements.sha256 matches the lock file's hash and
#   VENV_DIR/bin/quark-cli exists. Any change to the lock rebuilds the venv from scratch.
# * Non-interactive (no stdin), fine under CI=true. Reaches PyPI only.
# * Installs with --no-deps from the lock: no resolver run, exactly the pinned set.
# * torch comes from PyPI (the CUDA build; PyPI has no CPU-only wheel and the CPU index is not
#   reachable here). It needs its nvidia-*/cuda-toolkit wheels to import at all, so they are in
#   the lock. ~4.3 GB of the ~5.9 GB venv. Measured here (2 cores): ~2 min from scratch.
# Env: PYTHON (interpreter for the venv, default python3; needs 3.11-3.13),
#      QUARK_ENV_FORCE=1 rebuilds even when the hash matches.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${1:-$repo/.venv-quark}"
lock="${2:-$repo/python/requirements-quark.lock}"
me="setup-$(basename "$venv" | sed 's/^\.venv-//')-env"  # setup-quark-env, setup-quark-cpu-env
py="${PYTHON:-python3}"

hash="$(sha256sum "$lock" | cut -d' ' -f1)"
stamp="$venv/.requirements.sha256"
if [ -z "${QUARK_ENV_FORCE:-}" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ] && [ -x "$venv/bin/quark-cli" ]; then
  echo "$me: $venv is up to date (lock $hash)"
  exit 0
fi

"$py" -c 'import sys; v=sys.version_info[:2]; sys.exit(0 if (3,11)<=v<(3,14) else "amd-quark 0.12/0.13 need python >=3.11,<3.14, got %d.%d" % v)'

start=$(date +%s)
rm -rf "$venv"
"$py" -m venv "$venv"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_PROGRESS_BAR=off
# langdetect and rouge_score are sdists only; building them needs setuptools/wheel (pip fetches
# them into an isolated build env from PyPI).
"$venv/bin/python" -m pip install -q --no-cache-dir --no-deps -r "$lock" </dev/null
"$venv/bin/python" -m pip check >/dev/null 2>&1 || "$venv/bin/python" -m pip check || true
"$venv/bin/python" - "$me" <<'EOF'
import importlib.metadata as md, sys
for d in ("amd-quark", "torch", "transformers", "datasets", "accelerate"):
    print(f"{sys.argv[1]}: {d}=={md.version(d)}")
EOF
echo "$hash" > "$stamp"
echo "$me: built $venv in $(( $(date +%s) - start ))s"
