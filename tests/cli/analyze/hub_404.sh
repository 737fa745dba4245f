set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub ok
quark-ptq analyze org/missing
