# Issue 16 items 1, 7 and 13: prepare ends NOT ready (no GPU on this host, the plan runs with
# --device cuda; exit 6). Neither prepare, status nor status --json offers
# `run --approve <digest>` (run would refuse it with exit 6): the next action follows the
# recorded verdict, names the blocking problem and keeps --workdir and --python. The no-GPU
# problem recommends the CPU route that works (the 0.12.post1 environment), in both languages;
# Japanese status shows the recorded problem in Japanese (item 10: it showed its English text).
set -u
H=$SRC/tests/cli/prepare
python3 - "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" nogpu.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["torch"].update({"arch_list": [], "available": False, "build": "cpu", "device_count": 0, "devices": [],
                   "hip": None, "version": "2.9.1+cpu"})
json.dump(d, open(sys.argv[2], "w"))
PY
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv --probe "$PWD/nogpu.json" --stage-pileval "$HOME"
quark-ptq --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" > prepare.txt
echo "prepare exit $?"
grep -F "[blocking]" prepare.txt
grep -c -e "--approve" prepare.txt
quark-ptq --workdir wd status > status.txt
sed -n '/^Verdict/,$p' status.txt
grep -c -e "--approve" status.txt
quark-ptq --workdir wd --json status > st.json
python3 -c "import json; n=json.load(open('st.json'))['next_action']; print(n['id']); print(n['command']); print('--approve' in json.dumps(n))"
quark-ptq --workdir wd --lang ja status > status_ja.txt
sed -n '/^判定/,$p' status_ja.txt
grep -c -e "--approve" status_ja.txt
quark-ptq --workdir wd --lang ja prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" | grep -F "0.12.post1"
exit 0
