# A local model and an output directory whose paths hold spaces, quotes, a newline, leading
# dashes and non-ASCII: every value reaches argv intact and the display form round-trips.
set -e
H=$SRC/tests/cli/prepare
base="$PWD/-d a'b \"c\"
新しい"
mkdir -p "$base"
cp -r "$SRC/examples/tiny-llama" "$base/--model dir"
python3 "$H/make_workdir.py" wd --model "$base/--model dir" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
quark-ptq --json --workdir wd prepare --output-dir "$base/-out put" --python "$PWD/venv/bin/python" 2>/dev/null > out.json
python3 "$H/check_manifest.py" < out.json
python3 - "$base" <<'PY'
import json, sys
base = sys.argv[1]
argv = json.load(open("out.json"))["manifest"]["command"]["argv"]
assert argv[argv.index("--model_dir") + 1] == base + "/--model dir", argv
assert argv[argv.index("--output_dir") + 1] == base + "/-out put", argv
print("paths intact")
PY
[ ! -e "$base/-out put" ] && echo "output directory not created"
