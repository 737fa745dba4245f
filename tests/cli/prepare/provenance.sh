# Issue 16 item 13: the manifest's steps[] say what was run with which options (the plan's
# own options, the analysis' revision and commit), and every artifact records the quark-ptq
# that wrote it.
set -e
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --confirm none --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" >/dev/null
cp -r "$SRC/examples/tiny-llama" model
quark-ptq --workdir wd analyze model >/dev/null
quark-ptq --workdir wd confirm analysis >/dev/null
quark-ptq --workdir wd plan --quark-version 0.13 --target mi300x --calib-samples 16 --seq-len 64 --exclude 'lm_head' >/dev/null 2>&1
quark-ptq --workdir wd confirm plan >/dev/null
quark-ptq --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" >/dev/null
python3 - "$(quark-ptq --version)" <<'PY'
import json, os, sys, yaml
version = sys.argv[1]
m = yaml.safe_load(open("wd/run_manifest.yaml"))
for s in m["steps"]:
    print(s["name"], "|", s["command"].replace(os.getcwd(), "$PWD"), "|", json.dumps(s.get("options"), sort_keys=True))
docs = {"model_analysis.json": json.load(open("wd/model_analysis.json")), "quant_plan.json": json.load(open("wd/quant_plan.json")),
        "run_manifest.yaml": m}
for name, d in docs.items():
    print(name, d.get("quark_ptq_version") == version)
print("checkpoints.json", [c.get("quark_ptq_version") == version for c in json.load(open("wd/checkpoints.json"))["confirmations"]])
PY
