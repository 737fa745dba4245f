# A file given instead of the output directory is bad input (exit 3) naming it, not "the
# directory does not exist" (issue 18); --json prints the error as the one document.
source "$SRC/tests/cli/verify/lib.bash"
model output out
quark-ptq verify out/config.json || echo "exit $?"
{ quark-ptq --json verify out/model.safetensors 2>/dev/null || true; } | python3 -c 'import json, sys; d = json.load(sys.stdin)["error"]; print(d["exit_code"], d["id"])' 
