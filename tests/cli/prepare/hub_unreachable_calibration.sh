# Online (no HF_HUB_OFFLINE), the calibration data not cached, and no route to the Hub (nothing
# listens on HF_ENDPOINT): the verdict is not ready and the fix is to stage the data, where it
# used to be "ready" with a warning and the run then spent its first minute retrying the Hub.
# Exit 6, the manifest written with ready: false, nothing outside the workdir.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json"
unset HF_HUB_OFFLINE HF_DATASETS_OFFLINE
export HF_ENDPOINT=http://127.0.0.1:9
: > out.txt
before=$(find . -path ./wd -prune -o -print | sort)
rc=0
quark-ptq --workdir wd prepare --output-dir "$PWD/out/tiny-fp8" --python "$PWD/venv/bin/python" > out.txt || rc=$?
grep -E "^Verdict|calibration|data stage" out.txt
after=$(find . -path ./wd -prune -o -print | sort)
[ "$before" = "$after" ] && echo "gate: no new paths outside the workdir"
grep -q "ready: false" wd/run_manifest.yaml && echo "manifest: ready false"
exit $rc
