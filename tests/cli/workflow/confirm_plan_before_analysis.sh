. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage plan
quark-ptq --workdir wd confirm plan
rc=$?
jget wd/quant_plan.json 'd["requires_confirmation"]'
exit $rc
