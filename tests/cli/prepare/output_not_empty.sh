# An existing non-empty output directory is refused (exit 3) unless --overwrite, which is recorded.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
mkdir out && touch out/old
quark-ptq --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" && exit 99
[ ! -e wd/run_manifest.yaml ] && echo "refused, no manifest"
quark-ptq --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" --overwrite > /dev/null
grep -q "overwrite: true" wd/run_manifest.yaml && echo "overwrite recorded"
