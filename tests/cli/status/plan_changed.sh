. "$SRC/tests/cli/workflow/lib.bash"
# Everything approved, then the plan was edited by hand: checkpoint 2 is where to go back.
mkwd wd --through 3
python3 -c "import json; p='wd/quant_plan.json'; d=json.load(open(p)); d['exclude_layers'].append('*.gate'); json.dump(d, open(p,'w'))"
quark-ptq --workdir wd status
