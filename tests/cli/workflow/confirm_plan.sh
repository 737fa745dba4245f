. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage plan --through 1
quark-ptq --workdir wd --json confirm plan > out.json
rc=$?
jget wd/quant_plan.json 'd["requires_confirmation"]'
jget out.json 'd["checkpoint"], d["already_confirmed"], d["confirmation"]["decision"], d["next_action"]["command"]'
quark-ptq --workdir wd confirm plan
exit $rc
