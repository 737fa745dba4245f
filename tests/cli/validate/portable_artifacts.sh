# Every artifact the tool writes loads with a standard YAML/JSON reader (PyYAML safe_load, the
# json module) and then validates against the shipped schema with a standard validator (the
# jsonschema package): timestamps stay strings, floats carry no noise, checkpoints.json has a
# schema of its own. Uses Debian's interpreter and packages, not anything the tool ships.
set -e
check="/usr/bin/python3 $SRC/tests/support/portable_check.py $SRC"
source "$SRC/tests/cli/plan/lib.bash"
# Steps 1-2 as the binary writes them (plan from the shipped 0.13 knowledge).
quark-ptq --workdir a analyze "$SRC/examples/tiny-llama" >/dev/null
quark-ptq --workdir a confirm analysis >/dev/null
quark-ptq --workdir a plan --quark-version 0.13 --target mi300x >/dev/null
quark-ptq --workdir a confirm plan >/dev/null
$check a/model_analysis.json a/quant_plan.json a/checkpoints.json
# Step 3 as prepare writes it (a ready environment from a recorded probe).
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" p --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
quark-ptq --workdir p prepare --output-dir "$PWD/out/p" --python "$PWD/venv/bin/python" >/dev/null
$check p/run_manifest.yaml
# Step 4 and checkpoint 4: the manifest after a verified run and the recorded acceptance.
source "$SRC/tests/cli/run/lib.bash"
make_wd
quark-ptq --workdir wd run --approve "$DIGEST" >/dev/null 2>&1
quark-ptq --workdir wd accept >/dev/null
$check wd/run_manifest.yaml wd/checkpoints.json
quark-ptq --workdir wd validate wd/checkpoints.json
grep -E '^ *(created_at|started_at|finished_at): ' wd/run_manifest.yaml | grep -v ': "' || echo "every timestamp is quoted"
