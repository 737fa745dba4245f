# A real virtualenv without any package: the manifest is still written, with the verdict
# "not ready" and each missing package with its required version; exit 6.
set -e
python3 -m venv --without-pip venv
python3 "$SRC/tests/cli/prepare/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --stage-pileval "$HOME"
quark-ptq --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" || rc=$?
grep -q "ready: false" wd/run_manifest.yaml && echo "manifest: ready false"
exit $rc
