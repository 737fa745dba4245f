# Issue 18: accepting the same result twice records one acceptance.
. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --result success
quark-ptq --workdir wd accept > /dev/null
quark-ptq --workdir wd accept > /dev/null
jget wd/checkpoints.json '[c["decision"] for c in d["confirmations"]]'
