# Checkpoint 3 in the stateless revision 2026-07-28: the run tool answers input_required with
# the elicitation and a requestState; only the retry that echoes that state with the person's
# answer approves, once (a state used before is asked again), and a decline records nothing.
# Without the tasks extension the approved retry returns the run's handle; run_status follows it.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - "$DIGEST" <<'PY'
import sys, os, copy
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, result_of, decisions, run_logs, modern_meta, wait_run
digest = sys.argv[1]
wd = os.path.abspath("wd")
c = Client()   # no initialize: every request says what it is

first = c.call("run", {"workdir": wd}, modern_meta(True))["result"]
req = first["inputRequests"]["approval"]
print("first:", first["resultType"], req["method"], req["params"]["mode"], digest in req["params"]["message"])
decline = modern_meta(True)
decline.update({"requestState": first["requestState"], "inputResponses": {"approval": {"action": "decline"}}})
err, code, doc = result_of(c.call("run", {"workdir": wd}, decline))
print("declined:", code, doc["error"]["id"], "recorded:", len(decisions(wd)), "runs:", len(run_logs(wd)))
replay = modern_meta(True)
replay.update({"requestState": first["requestState"], "inputResponses": {"approval": {"action": "accept", "content": {"answer": "yes"}}}})
again = c.call("run", {"workdir": wd}, replay)["result"]
print("used state again:", again["resultType"], "recorded:", len(decisions(wd)), "runs:", len(run_logs(wd)))

second = c.call("run", {"workdir": wd}, modern_meta(True))["result"]
retry = modern_meta(True)
retry.update({"requestState": second["requestState"], "inputResponses": {"approval": {"action": "accept", "content": {"answer": "はい"}}}})
r = c.call("run", {"workdir": wd}, copy.deepcopy(retry))["result"]
print("retry:", r["resultType"], r["isError"], r["structuredContent"]["state"], r["_meta"]["io.modelcontextprotocol/serverInfo"]["name"])
err, code, doc = wait_run(c, r["structuredContent"]["run_id"], modern_meta(True))
print("ended:", code, doc["result"]["run"]["status"])
print("recorded:", decisions(wd)[-1][:4])
c.close()
PY
