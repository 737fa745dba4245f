set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub slow --delay 3
export QPTQ_HUB_TIMEOUT_MS=300
quark-ptq analyze org/tiny
