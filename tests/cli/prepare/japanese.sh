# --lang ja: the same step in Japanese.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
quark-ptq --lang ja --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python"
