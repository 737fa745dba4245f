. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage analysis
quark-ptq --workdir wd confirm analysis
rc=$?
jget wd/checkpoints.json 'd["confirmations"][0]["user_words"], d["confirmations"][0]["reason"][:13]' >&2
exit $rc
