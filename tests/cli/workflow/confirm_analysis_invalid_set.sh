. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage analysis
cp wd/model_analysis.json before.json
quark-ptq --workdir wd confirm analysis --set model.trust_remote_code=maybe
rc=$?
cmp -s before.json wd/model_analysis.json && echo "artifact untouched"
test -e wd/checkpoints.json || echo "nothing recorded"
exit $rc
