. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --result partial
quark-ptq --workdir wd --lang ja followup キャリブレーションのサンプル数を 64 に減らす
rc=$?
jget wd/checkpoints.json 'd["confirmations"][-1]["decision"], d["confirmations"][-1]["followup"]' >&2
exit $rc
