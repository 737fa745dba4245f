. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage plan --through 1
# A re-analysis (or a hand edit) after checkpoint 1.
python3 -c "import json; p='wd/model_analysis.json'; d=json.load(open(p)); d['model']['model_type']='qwen2'; json.dump(d, open(p,'w'))"
quark-ptq --workdir wd --lang ja confirm plan
