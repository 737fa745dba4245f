# Issue 16 item 14: the H200 recording with an NVIDIA driver older than torch's CUDA 13 needs,
# and HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES naming different GPUs: each is a problem with
# its evidence and what to do (the old driver blocks; the variables warn). Before, both were
# silent and the environment was "ready".
set -e
H=$SRC/tests/cli/prepare
python3 - "$SRC/tests/fixtures/envprobe/probe/nvidia-h200.assembled.json" probe.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["variables"]["HIP_VISIBLE_DEVICES"] = "0"
d["variables"]["CUDA_VISIBLE_DEVICES"] = "1"
json.dump(d, open(sys.argv[2], "w"))
PY
# The driver comes from nvidia-smi (the system probe), here a stand-in printing the H200's
# query line with an older driver.
mkdir bin
printf '#!/bin/sh\necho "0, NVIDIA H200, 570.86.15, 143771, 0, 143771, 9.0, 00000000:00:06.0"\n' >bin/nvidia-smi
chmod +x bin/nvidia-smi
export PATH="$PWD/bin:$PATH"
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv --probe "$PWD/probe.json" --stage-pileval "$HOME"
rc=0
quark-ptq --json --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" >doc.json 2>/dev/null || rc=$?
echo "exit $rc"
python3 - <<'PY'
import json
doc = json.load(open("doc.json"))
for p in doc["manifest"]["environment"]["verdict"]["problems"]:
    print(p["code"], p["severity"], "|", p.get("installed"), "|", p.get("required"))
    print("  ", p["message"])
PY
echo "--- in Japanese"
quark-ptq --lang ja --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" 2>&1 | grep -E 'ドライバ|VISIBLE_DEVICES' \
  | python3 -c "import sys; [print(l.rstrip()[:40]) for l in sys.stdin]"
