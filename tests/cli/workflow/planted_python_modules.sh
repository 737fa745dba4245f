# Every Python child quark-ptq starts on a script of its own (the environment probe, plan's
# capability probe and model oracle, data stage, the evaluator) ignores modules planted in the
# directory it was started from: the workdir is writable by agents and scripts. json.py and
# argparse.py here would write a marker if any child imported them.
source "$SRC/tests/cli/plan/lib.bash"
fixture qwen3-8b
for m in json argparse; do
  printf 'open(%s, "a").write("%s\\n")\nraise ImportError("planted")\n' "'$PWD/planted-ran'" "$m" > "$m.py"
done
echo "prose for the staging script" > corpus.txt
mkdir -p src out && echo '{"text": "held-out prose"}' > text.jsonl
quark-ptq env --python "$(command -v python3)" > /dev/null 2>&1 || true
quark-ptq plan --python "$(command -v python3)" > /dev/null 2>&1 || true
quark-ptq data stage corpus.txt --as pileval --python "$(command -v python3)" > /dev/null 2>&1 || true
quark-ptq evaluate --source src out --text text.jsonl --python "$(command -v python3)" > /dev/null 2>&1 || true
# The planted modules do work when Python is started here the ordinary way.
python3 -c 'import json' 2> /dev/null || true
cat planted-ran
