# Issue 18 item 22: quark-cli 0.13 loads the tokenizer with trust_remote_code=True whatever the
# command says. Intake finds tokenizer_config.json's auto_map; checkpoint 3 says plainly that
# the code would run and is blocked (exit 6) unless the plan accepts remote code.
set -e
H=$SRC/tests/cli/prepare
cp -r "$SRC/examples/tiny-llama" m
python3 - <<'PY'
import json
p = "m/tokenizer_config.json"
d = json.load(open(p))
d["auto_map"] = {"AutoTokenizer": ["tokenization_evil.EvilTokenizer", None]}
json.dump(d, open(p, "w"))
PY
quark-ptq --workdir a analyze "$PWD/m" > /dev/null
python3 -c "import json; print(json.load(open('a/model_analysis.json'))['model']['remote_code']['tokenizer_auto_map'])"
python3 "$H/make_workdir.py" wd --model "$PWD/m" --fake-python venv --tokenizer-auto-map tokenization_evil.EvilTokenizer \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
rc=0; quark-ptq --workdir wd prepare --output-dir "$PWD/out/q" --python "$PWD/venv/bin/python" > out.txt 2>&1 || rc=$?
echo "prepare exit $rc"
grep -o "tokenization_evil.EvilTokenizer, from tokenizer_config.json auto_map), and quark-cli 0.13 loads tokenizers with trust_remote_code=True whatever the command says: this code would run" out.txt | head -1
python3 -c "import yaml; v=yaml.safe_load(open('wd/run_manifest.yaml'))['environment']['verdict']; print(v['ready'], [p['code'] for p in v['problems'] if p['code']=='tokenizer_remote_code'])"
python3 "$H/make_workdir.py" wd2 --model "$PWD/m" --fake-python venv --tokenizer-auto-map tokenization_evil.EvilTokenizer \
  --set trust_remote_code=true --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
rc=0; quark-ptq --workdir wd2 prepare --output-dir "$PWD/out/q" --python "$PWD/venv/bin/python" > out2.txt 2>&1 || rc=$?
echo "accepted: prepare exit $rc"
grep -o "is custom code (tokenization_evil.EvilTokenizer) and will run" out2.txt | head -1
