# No held-out text: one clear line, exit 3, nothing run. A FIFO there is not "missing": it is
# named for what it is.
mkdir -p src out
mkfifo pipe.jsonl
quark-ptq evaluate --source src out --text pipe.jsonl || echo "exit $?" >&2
quark-ptq evaluate --source src out --text nowhere.jsonl
