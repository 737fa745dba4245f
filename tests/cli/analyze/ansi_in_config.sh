# Issue 18 item 18: escape sequences in config.json (and the tensor names of the index) never
# reach the terminal raw, in text or --json output.
set -u
cp -r "$SRC/examples/tiny-llama" m
python3 - <<'PY'
import json
p = "m/config.json"
d = json.load(open(p))
d["architectures"] = ["Llama\u001b[2J\u001b]0;pwned\u0007ForCausalLM"]
json.dump(d, open(p, "w"))
PY
quark-ptq analyze "$PWD/m" > out.txt 2> err.txt
echo "analyze exit $?"
quark-ptq --json analyze "$PWD/m" > out.json 2> err2.txt
echo "json exit $?"
python3 - <<'PY'
for f in ["out.txt", "err.txt", "out.json", "err2.txt"]:
    b = open(f, "rb").read()
    print(f, "raw ESC" if b"\x1b" in b or b"\x07" in b else "clean")
PY
