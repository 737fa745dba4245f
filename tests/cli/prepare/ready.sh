# A confirmed single-device plan and a ready 8-GPU environment (fake python printing the hand-written MI300X
# probe, pileval staged in the HF datasets cache): GPU 0 is pinned with HIP_VISIBLE_DEVICES=0 (part of
# the approval), the manifest is written, the question is
# asked, and nothing outside the workdir appears.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
before=$(find . -path ./wd -prune -o -print | sort)
quark-ptq --workdir wd prepare --output-dir "$PWD/out/tiny-fp8" --python "$PWD/venv/bin/python"
after=$(find . -path ./wd -prune -o -print | sort)
[ "$before" = "$after" ] && echo "gate: no new paths outside the workdir"
[ ! -e out ] && echo "gate: output directory not created"
quark-ptq validate wd/run_manifest.yaml >/dev/null && echo "manifest: valid"
