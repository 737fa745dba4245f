# Sourced by tests/cli/analyze/hub_*.sh: start the loopback Hub on an ephemeral port serving
# $1 (root) in mode $2 with optional extra flags; exports HF_ENDPOINT and stops the server on exit.
start_hub() {
  local root="$1" mode="$2"
  shift 2
  python3 "$SRC/tests/support/hub_server.py" --root "$root" --mode "$mode" --log "$PWD/hub.log" "$@" > hub.port 2> hub.err &
  HUB_PID=$!
  trap 'kill $HUB_PID 2>/dev/null' EXIT
  for _ in $(seq 100); do
    [ -s hub.port ] && break
    sleep 0.05
  done
  export HF_ENDPOINT="http://127.0.0.1:$(head -1 hub.port)"
  unset HF_HUB_OFFLINE
}
# A repo org/tiny made of the example model.
make_repo() {
  mkdir -p "hub/$1"
  cp "$SRC"/examples/tiny-llama/* "hub/$1/"
}
