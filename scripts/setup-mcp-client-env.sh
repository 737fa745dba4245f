#!/usr/bin/env bash
# The Python `mcp` SDK as a real MCP client for the tests (tests/mcp_sdk/), from
# python/requirements-mcp-client.txt (exact pins with hashes).
#
#   scripts/setup-mcp-client-env.sh [VENV_DIR]
#       default: ${XDG_CACHE_HOME:-$HOME/.cache}/quark-ptq/mcp-client-venv (tests/mcp_sdk/run.sh
#       uses the same), outside the clone, so that every clone on a warm machine shares it.
#
# * Idempotent and cheap when warm: skipped when VENV_DIR/.requirements.sha256 matches the
#   requirements file's hash and its python is there; any change to the file rebuilds the venv.
# * Safe to call from parallel tests: one caller builds under a lock, the others wait for it.
# * Non-interactive, reaches PyPI only; --require-hashes --no-deps --only-binary=:all:, so no
#   resolver and no build step. Measured here (2 shared cores): 75-120 s cold (28 wheels, 9.4 MB,
#   mostly download), 0.1 s warm.
# Env: PYTHON (interpreter for the venv, default python3; needs 3.11), MCP_CLIENT_ENV_FORCE=1.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/quark-ptq/mcp-client-venv}"
req="$repo/python/requirements-mcp-client.txt"
py="${PYTHON:-python3}"
hash="$(sha256sum "$req" | cut -d' ' -f1)"
stamp="$venv/.requirements.sha256"

up_to_date() {
  [ -z "${MCP_CLIENT_ENV_FORCE:-}" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ] && [ -x "$venv/bin/python" ]
}
if up_to_date; then
  echo "setup-mcp-client-env: $venv is up to date ($hash)"
  exit 0
fi
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
if up_to_date; then  # another caller built it while we waited
  echo "setup-mcp-client-env: $venv is up to date ($hash)"
  exit 0
fi
"$py" -c 'import sys; v=sys.version_info[:2]; sys.exit(0 if v==(3,11) else "the pinned wheels are for python 3.11, got %d.%d" % v)'
start=$(date +%s)
rm -rf "$venv"
"$py" -m venv "$venv"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_PROGRESS_BAR=off
"$venv/bin/python" -m pip install -q --require-hashes --no-deps --only-binary=:all: -r "$req" </dev/null
"$venv/bin/python" -c 'import mcp, mcp.client.stdio' 
echo "$hash" > "$stamp"
echo "setup-mcp-client-env: built $venv in $(( $(date +%s) - start ))s"
