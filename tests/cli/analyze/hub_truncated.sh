set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub truncated
export QPTQ_HUB_TIMEOUT_MS=3000
quark-ptq analyze org/tiny
