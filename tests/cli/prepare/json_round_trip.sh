# --json: one document on stdout; its display form parses back (shlex, POSIX rules) to the
# exact argv, and the digest is sha256 of the canonical {"argv", "env_changes"}.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" \
  --set 'layer_quant_config={"*down_proj": "int8"}' --set 'calibration={"dataset": "pileval", "num_calib_data": 16, "seq_len": 64, "batch_size": 2}'
quark-ptq --json --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" 2>/dev/null \
  | python3 "$H/check_manifest.py" command.argv.15=--batch_size command.argv.18=*down_proj command.argv.19=int8
