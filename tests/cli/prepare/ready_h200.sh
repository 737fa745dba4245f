# The probe assembled from the real H200 recordings: NVIDIA, fp8 native on sm_90, ready, and
# the estimate compared with the H200's free memory.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/nvidia-h200.assembled.json" --stage-pileval "$HOME"
quark-ptq --json --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" 2>/dev/null \
  | python3 "$H/check_manifest.py" environment.accelerator.kind=nvidia-cuda environment.accelerator.devices.0.compute_capability=9.0 \
      environment.torch.build=cuda estimate.gpu.fits=True estimate.gpu.gpu0_available_gib=139.29
