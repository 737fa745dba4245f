# quark-cli (0.12.post1 and 0.13) loads the tokenizer with trust_remote_code=True whatever the
# command says, and that load follows tokenizer_config.json's auto_map and config.json's alike.
# Intake finds both; checkpoint 3 names the code that would run and is blocked (exit 6) unless
# the plan accepts remote code.
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
grep -o "tokenization_evil.EvilTokenizer, from tokenizer_config.json auto_map), and quark-cli (0.12.post1 and 0.13) loads tokenizers with trust_remote_code=True whatever the command says: this code would run" out.txt | head -1
python3 -c "import yaml; v=yaml.safe_load(open('wd/run_manifest.yaml'))['environment']['verdict']; print(v['ready'], [p['code'] for p in v['problems'] if p['code']=='tokenizer_remote_code'])"
python3 "$H/make_workdir.py" wd2 --model "$PWD/m" --fake-python venv --tokenizer-auto-map tokenization_evil.EvilTokenizer \
  --set trust_remote_code=true --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
rc=0; quark-ptq --workdir wd2 prepare --output-dir "$PWD/out/q" --python "$PWD/venv/bin/python" > out2.txt 2>&1 || rc=$?
echo "accepted: prepare exit $rc"
grep -o "is custom code (tokenization_evil.EvilTokenizer) and will run" out2.txt | head -1
# config.json's auto_map (a model transformers implements natively, "Remote code: not trusted"
# before): intake records what it names, and prepare blocks it the same way.
python3 - <<'PY'
import json
p = "m/config.json"
d = json.load(open(p))
d["auto_map"] = {"AutoConfig": "configuration_evil.EvilConfig"}
json.dump(d, open(p, "w"))
PY
quark-ptq --workdir c analyze "$PWD/m" > /dev/null
python3 -c "import json; a=json.load(open('c/model_analysis.json')); print(a['model']['remote_code']['config_auto_map'], [(r['id'], r['severity']) for r in a['risks'] if 'auto_map' in r['id']])"
python3 "$H/make_workdir.py" wd3 --model "$PWD/m" --fake-python venv --config-auto-map "AutoConfig: configuration_evil.EvilConfig" \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
rc=0; quark-ptq --workdir wd3 prepare --output-dir "$PWD/out/q" --python "$PWD/venv/bin/python" > out3.txt 2>&1 || rc=$?
echo "config auto_map: prepare exit $rc"
grep -o "names the repository's own code in its auto_map (AutoConfig: configuration_evil.EvilConfig)" out3.txt | head -1
python3 -c "import yaml; v=yaml.safe_load(open('wd3/run_manifest.yaml'))['environment']['verdict']; print(v['ready'], [p['code'] for p in v['problems'] if 'remote_code' in p['code']])"
