# The evaluator is part of what checkpoint 3 approves: pointing it at another interpreter after
# prepare invalidates the approval, and nothing runs (neither quark-cli nor the evaluator).
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
python3 - <<'PY'
import json
m = json.load(open("wd/run_manifest.yaml"))
m["evaluator"]["python"] = "/bin/sh"
json.dump(m, open("wd/run_manifest.yaml", "w"))
PY
quark-ptq --workdir wd run --approve "$DIGEST" || echo "run exit $?"
if [ -e out ]; then echo "out was created"; else echo "nothing created"; fi
