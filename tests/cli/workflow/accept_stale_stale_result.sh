. "$SRC/tests/cli/workflow/lib.bash"
# Approved command, then the plan changed: the approval is stale, so is anything after it.
mkwd wd --through 3 --result success
python3 -c "import json; p='wd/quant_plan.json'; d=json.load(open(p)); d['global_scheme']='w_fp8_a_fp8'; json.dump(d, open(p,'w'))"
quark-ptq --workdir wd accept
