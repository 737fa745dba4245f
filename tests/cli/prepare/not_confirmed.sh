# Checkpoint 2 not confirmed: refused with exit 4 and nothing is written.
set -e
python3 "$SRC/tests/cli/prepare/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --confirm analysis
quark-ptq --workdir wd prepare --output-dir "$PWD/out" || rc=$?
[ ! -e wd/run_manifest.yaml ] && echo "no manifest"
exit $rc
