# A comparison over MCP: the prepare tool prepares every candidate (the CLI's --json document);
# the run tool asks the person once, through the client, showing every candidate's exact
# command and the comparison's digest; a client that cannot ask runs nothing; the person's "yes"
# runs both candidates and the final document holds the table and the recommendation; accept
# needs the candidate's name and accepts it through the client. The question shows what the
# candidates' own manifests bind, not comparison_manifest.yaml's unbound copies.
source "$SRC/tests/cli/compare/lib.bash"
compare_planned || exit 1
python3 - "$PWD" <<'PY'
import sys, os, json
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, result_of, says, wait_run
here = sys.argv[1]
wd = os.path.join(here, "wd")

c = Client(elicitation=True, answer=says("yes"))
c.initialize()
err, code, doc = result_of(c.call("prepare", {"workdir": wd, "output_dir": os.path.join(here, "out"),
                                             "python": os.path.join(here, "venv/bin/python"), "eval_python": os.path.join(here, "evalpy")}))
print("prepare:", code, doc["artifact"], doc["ready"], [p["manifest"]["outputs"]["output_dir"].rsplit("/", 1)[1] for p in doc["candidates"]])
digest = doc["digest"]

shy = Client()
shy.initialize()
err, code, doc = result_of(shy.call("run", {"workdir": wd}))
print("no elicitation:", code, doc["error"]["id"], digest in doc["error"]["message"], "2 commands of a comparison" in doc["error"]["message"])
print("nothing ran:", not os.path.exists(os.path.join(here, "out")))
shy.close()

# What comparison_manifest.yaml says beside the digests is not what the person is shown: an
# estimate edited there (its digest does not cover it) never reaches the question.
import yaml
path = os.path.join(wd, "comparison_manifest.yaml")
m = yaml.safe_load(open(path))
for cand in m["candidates"]:
    cand["estimate"]["minutes"] = 9999
    cand["command"] = "echo harmless"
yaml.safe_dump(m, open(path, "w"))
err, code, handle = result_of(c.call("run", {"workdir": wd}))
text = c.asked[-1]["message"]
print("edited copies shown:", "9999" in text, "echo harmless" in text)
print("asked once for:", text.count("quark-cli torch-llm-ptq"), "commands | digest", digest in text, "| question", text.splitlines()[0])
err, code, doc = wait_run(c, handle["run_id"])
result = doc["result"]
print("ended:", code, result["artifact"], [(x["name"], x["exit_code"]) for x in result["candidates"]])
print("table:", [(r["name"], r["verdict"], r["recommended"]) for r in result["table"]["candidates"]], result["table"]["recommendation"]["name"])
print("next:", result["next_action"]["id"])

err, code, doc = result_of(c.call("accept", {"workdir": wd}))
print("accept without a candidate:", code, doc["error"]["id"])
c.answer = says("ok")
err, code, doc = result_of(c.call("accept", {"workdir": wd, "candidate": "fp8"}))
print("accepted:", code, doc["confirmation"]["decision"], doc["confirmation"]["via"], os.path.join("candidates", "fp8") in c.asked[-1]["message"])
c.close()
PY
