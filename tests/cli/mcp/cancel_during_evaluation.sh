# cancel_run while the evaluation runs (quark-cli has ended, the evaluator is measuring): the run
# is reported cancelled, not "ended", and the evaluator is stopped within the grace the person
# gave the run (stop_grace_seconds 2), not the default 10 s, even when it ignores SIGTERM.
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
export FAKE_EVAL=rise FAKE_EVAL_SECONDS=60 FAKE_EVAL_IGNORE_TERM=1
python3 - <<'PY'
import os, sys, time
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, result_of, says, wait_run
wd = os.path.abspath("wd")
c = Client(elicitation=True, answer=says("yes"))
c.initialize()
err, code, handle = result_of(c.call("run", {"workdir": wd, "stop_grace_seconds": 2}))
run_id = handle["run_id"]
end = time.monotonic() + 60
while time.monotonic() < end:
    err, code, doc = result_of(c.call("run_status", {"run_id": run_id}))
    if doc.get("stage") == "evaluating":
        break
    time.sleep(0.1)
print("evaluating:", doc.get("stage"))
time.sleep(0.5)
started = time.monotonic()
result_of(c.call("cancel_run", {"run_id": run_id}))
err, code, doc = wait_run(c, run_id, timeout=30)
took = time.monotonic() - started
print("after cancel:", doc["state"], code, doc["result"]["evaluation"]["verdict"], "stopped within 6 s:", took < 6)
c.close()
PY
