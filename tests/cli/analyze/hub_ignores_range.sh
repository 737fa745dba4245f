set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub norange
quark-ptq analyze org/tiny
