# Issue 33: over MCP the agent, not the person, names --template-file (plan) and
# --sbatch-extra (prepare). A file outside the workdir (here a "token" file of the person's) is
# refused before it is read, and the refusal quotes nothing of it; a file inside the workdir is
# read as on the command line.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
mkdir -p secrets && printf '"hf_SECRETtokenVALUE\n' > secrets/token
python3 - <<'PY'
import sys, os, json
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, result_of, says
wd = os.path.abspath("wd")
c = Client(elicitation=True, answer=says("yes"))
c.initialize()
result_of(c.call("analyze", {"workdir": wd, "model": os.path.abspath("model")}))
result_of(c.call("confirm_analysis", {"workdir": wd}))
for path in (os.path.abspath("secrets/token"), "secrets/token", os.path.join(wd, "..", "secrets", "token")):
    err, code, doc = result_of(c.call("plan", {"workdir": wd, "quark_version": "0.13", "target": "mi300x", "template_file": path}))
    print("outside:", code, doc["error"]["id"], "SECRET" in json.dumps(doc))
os.symlink(os.path.abspath("secrets/token"), os.path.join(wd, "linked.json"))
err, code, doc = result_of(c.call("plan", {"workdir": wd, "quark_version": "0.13", "target": "mi300x", "template_file": os.path.join(wd, "linked.json")}))
print("a link in the workdir to a file outside:", code, doc["error"]["id"], "SECRET" in json.dumps(doc))
open(os.path.join(wd, "broken.json"), "w").write('{"hf_SECRETtokenVALUE": tru')
err, code, doc = result_of(c.call("plan", {"workdir": wd, "quark_version": "0.13", "target": "mi300x", "template_file": os.path.join(wd, "broken.json")}))
print("inside, not JSON:", code, doc["error"]["id"], "SECRET" in json.dumps(doc))
err, code, doc = result_of(c.call("prepare", {"workdir": wd, "output_dir": os.path.abspath("out"), "executor": "slurm",
                                              "sbatch_extra": os.path.abspath("secrets/token")}))
print("prepare, sbatch_extra outside:", code, doc["error"]["id"], "SECRET" in json.dumps(doc))
c.close()
PY
