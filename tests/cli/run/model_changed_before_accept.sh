# The source model is checked again at accept: a model edited after the run (or during it) is
# not the one checkpoint 1 confirmed, so its verified output is not accepted; nothing is
# recorded at checkpoint 4.
source "$SRC/tests/cli/run/lib.bash"
python3 "$SRC/tests/fakes/quark_model.py" source src
quark-ptq --workdir a analyze "$PWD/src" > /dev/null
DIGEST=$(python3 "$SRC/tests/fixtures/verify/make_workdir.py" wd --model src --output-dir out --identity-from a/model_analysis.json)
quark-ptq --workdir wd run --approve "$DIGEST" > /dev/null 2>&1 || echo "run exit $?"
python3 - <<'PY'
import json
p = "src/config.json"
d = json.load(open(p))
d["num_hidden_layers"] = d.get("num_hidden_layers", 1) + 1
json.dump(d, open(p, "w"))
PY
quark-ptq --workdir wd accept 2>&1 >/dev/null | sed "s|$PWD|.|g" || true
python3 -c 'import json; print([c["checkpoint"] for c in json.load(open("wd/checkpoints.json"))["confirmations"]])'
