#!/usr/bin/env bash
# ctest's mcp_sdk/flow (label mcp_sdk): installs the pinned Python `mcp` SDK into its cached venv
# when it is not there yet (scripts/setup-mcp-client-env.sh, same default; a no-op when warm),
# then drives `quark-ptq mcp` with it (sdk_flow.py). Fails when the SDK cannot be installed.
#   run.sh QUARK_PTQ SOURCE_DIR
set -euo pipefail
bin=$1 src=$2
venv="${QPTQ_MCP_CLIENT_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/quark-ptq/mcp-client-venv}"
bash "$src/scripts/setup-mcp-client-env.sh" "$venv"
export QPTQ_SYSTEM_PYTHON="$(command -v python3)"  # reads the YAML manifest (PyYAML), as the other tests do
unset VIRTUAL_ENV CONDA_PREFIX
exec "$venv/bin/python" "$src/tests/mcp_sdk/sdk_flow.py" --binary "$bin" --source-dir "$src"
