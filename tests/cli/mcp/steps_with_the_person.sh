# Steps 1-3 over MCP, the person answering checkpoints 1 and 2 through the client: analyze a
# local model, the agent proposes a correction that the person confirms (their words and
# via mcp-elicitation recorded), plan from the shipped Quark 0.13 facts, a declined plan
# confirmation records nothing, then the person confirms it; prepare writes the manifest and
# returns the document `quark-ptq --json prepare` prints. Without elicitation nothing is
# confirmed. Tool errors carry the CLI's exit codes.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
python3 "$SRC/tests/cli/prepare/make_workdir.py" scratch --model "$PWD/model" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" >/dev/null
rm -rf scratch
python3 - <<'PY'
import sys, os, json, shutil, subprocess
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, result_of, decisions, says
wd = os.path.abspath("wd")

shy = Client()          # cannot ask the person
shy.initialize()
err, code, doc = result_of(shy.call("plan", {"workdir": wd, "quark_version": "0.13", "target": "mi300x"}))
print("plan before checkpoint 1:", code, doc["error"]["id"])
err, code, doc = result_of(shy.call("analyze", {"workdir": wd, "model": os.path.abspath("model")}))
print("analyze:", code, doc["artifact"], doc["model"]["model_type"])
cli = json.loads(subprocess.run(["quark-ptq", "--json", "--workdir", wd, "status"], capture_output=True).stdout)
mcp = result_of(shy.call("status", {"workdir": wd}))[2]
print("status is the CLI's document:", cli == mcp)
err, code, doc = result_of(shy.call("confirm_analysis", {"workdir": wd}))
print("confirm without elicitation:", code, doc["error"]["id"], "quark-ptq --workdir" in doc["error"]["message"])
err, code, doc = result_of(shy.call("confirm_analysis", {"workdir": wd, "user_words": "yes"}))
print("crafted user_words:", code, doc["error"]["id"], "recorded:", decisions(wd))
shy.close()

c = Client(elicitation=True, answer=says("確認"))
c.initialize()
err, code, doc = result_of(c.call("confirm_analysis", {"workdir": wd, "corrections": ["quantization_targets.exclude_defaults=lm_head"]}))
print("checkpoint 1:", code, doc["checkpoint"], doc["confirmation"]["user_words"], doc["confirmation"]["via"], sorted(doc["confirmation"]["corrections"]))
asked = c.asked[-1]["message"]
print("the person saw the correction applied:", 'quantization_targets.exclude_defaults: ["lm_head"] -> ["lm_head"]' in asked)
a = json.load(open(os.path.join(wd, "model_analysis.json")))
print("and every risk in full:", all(r["severity"] in ("low", "medium", "high") for r in a["risks"]) and asked.count("\n[") + asked.count("\n  [") >= len(a["risks"]))
err, code, doc = result_of(c.call("plan", {"workdir": wd, "quark_version": "0.13", "target": "mi300x", "priority": "fast"}))
print("bad priority:", code, doc["error"]["id"])
err, code, doc = result_of(c.call("plan", {"workdir": wd, "quark_version": "0.13", "target": "mi300x"}))
print("plan:", code, doc["artifact"], doc["global_scheme"])
c.answer = lambda p: {"action": "cancel"}
err, code, doc = result_of(c.call("confirm_plan", {"workdir": wd}))
print("cancelled:", code, doc["error"]["id"], "recorded:", [d[:2] for d in decisions(wd)])
c.answer = says("yes")
err, code, doc = result_of(c.call("confirm_plan", {"workdir": wd}))
asked = c.asked[-1]["message"]
print("checkpoint 2 shows the target by name, remote code and the risks:", "Target: mi300x (gfx942)" in asked, "--no_trust_remote_code" in asked, "UNVERIFIED" in asked)
print("checkpoint 2:", code, doc["confirmation"]["user_words"], doc["confirmation"]["via"], doc["next_action"]["id"])
shutil.copytree(wd, "wd-cli")
py = os.path.abspath("venv/bin/python")
err, code, doc = result_of(c.call("prepare", {"workdir": wd, "output_dir": os.path.abspath("out/tiny"), "python": py}))
cli = json.loads(subprocess.run(["quark-ptq", "--json", "--workdir", "wd-cli", "prepare", "--output-dir", "out/tiny", "--python", py],
                                capture_output=True).stdout)
print("prepare:", code, doc["ready"], sorted(doc) == sorted(cli), doc["display"] == cli["display"], doc["digest"].startswith("sha256:"))
print("output not created:", not os.path.exists("out"))
c.close()
PY
