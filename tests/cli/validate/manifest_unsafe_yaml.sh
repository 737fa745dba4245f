# Issue 33: a manifest with a Python tag, a second YAML document or a raw NUL byte was called
# valid; PyYAML's safe loader refuses all three, and so does quark-ptq (exit 3, the file and
# the line named). The manifest prepare wrote is valid, and PyYAML reads it.
python3 "$SRC/tests/fakes/quark_model.py" source src > /dev/null
python3 "$SRC/tests/fixtures/verify/make_workdir.py" wd --model src --output-dir out > /dev/null
python3 - <<'PY'
import json, yaml
json.dump(json.load(open("wd/run_manifest.yaml")), open("plain.yaml", "w"))
text = open("plain.yaml").read()
open("tagged.yaml", "w").write(text.replace('"method": "test"', '"method": !!python/object/apply:os.system ["id"]'))
open("two.yaml", "w").write(text + "\n---\nartifact: run_manifest\n")
open("nul.yaml", "w").write(text.replace('"method": "test"', '"method": "te\0st"'))
yaml.safe_load(open("plain.yaml"))
for name in ("tagged.yaml", "two.yaml", "nul.yaml"):
    try:
        yaml.safe_load(open(name))
        print(name, "PyYAML: read")
    except Exception as e:
        print(name, "PyYAML refuses:", type(e).__name__)
PY
quark-ptq validate plain.yaml > /dev/null && echo "plain.yaml: valid"
for f in tagged two nul; do
  quark-ptq validate $f.yaml 2>&1 | sed "s|$PWD/||"
  echo "exit ${PIPESTATUS[0]}"
done
