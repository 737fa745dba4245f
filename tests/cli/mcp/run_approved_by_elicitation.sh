# Checkpoint 3 through MCP elicitation (2025-11-25: the server's own elicitation/create request).
# The person is shown the exact command, destination, estimate, remote-code choice and digest;
# a decline and an answer that is not an approval word ("ok") record nothing and run nothing;
# "yes" is recorded with the person's words and via mcp-elicitation; run returns a handle at once
# and run_status, polled, ends with the document `run --json` prints (progress notifications on
# the run request's token until the end); checkpoint 4 likewise.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - "$DIGEST" <<'PY'
import sys, os
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, result_of, decisions, run_logs, says, wait_run
digest = sys.argv[1]
wd = os.path.abspath("wd")

c = Client(elicitation=True, answer=lambda p: {"action": "decline"})
c.initialize()
err, code, doc = result_of(c.call("run", {"workdir": wd}))
print("declined:", code, doc["error"]["id"], doc["error"]["args"]["answer"])
asked = c.asked[-1]
text = asked["message"]
manifest = __import__("json").load(open("wd/run_manifest.yaml"))
print("shown: command", manifest["command"]["display"] in text, "| destination", os.path.abspath("out") in text,
      "| estimate", "GiB" in text and "min" in text, "| remote code", "Remote code:" in text, "| digest", digest in text)
print("asks for:", sorted(asked["requestedSchema"]["properties"]), asked["requestedSchema"]["required"])
c.answer = says("ok")
err, code, doc = result_of(c.call("run", {"workdir": wd}))
print("'ok':", code, doc["error"]["id"])
print("nothing ran:", run_logs(wd) == [] and not os.path.exists("out"), "recorded:", [d[:2] for d in decisions(wd)])
c.answer = says("yes")
err, code, handle = result_of(c.call("run", {"workdir": wd}, {"_meta": {"progressToken": "p1"}}))
print("'yes':", err, code, handle["state"], len(handle["run_id"]), sorted(handle))
err, code, doc = wait_run(c, handle["run_id"])
print("ended:", err, code, doc["state"], doc["result"]["run"]["status"], doc["result"]["result"]["status"], sorted(doc["result"]))
progress = [n["params"] for n in c.notifications if n["method"] == "notifications/progress"]
print("progress:", progress[0]["progressToken"], progress[0]["message"].split(";")[0], [p["progress"] for p in progress] == list(range(1, len(progress) + 1)),
      "ended" in progress[-1]["message"])
print("recorded:", decisions(wd)[-1][:4])
# Checkpoint 4: a decline records nothing; the person's "ok" accepts.
c.answer = lambda p: {"action": "decline"}
err, code, doc = result_of(c.call("accept", {"workdir": wd}))
print("accept declined:", code, doc["error"]["id"], len(decisions(wd)))
c.answer = says("ok")
err, code, doc = result_of(c.call("accept", {"workdir": wd}))
print("accepted:", code, doc["checkpoint"], doc["confirmation"]["decision"], doc["confirmation"]["user_words"], doc["confirmation"]["via"])
c.close()
PY
