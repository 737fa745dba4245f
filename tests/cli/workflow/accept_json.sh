. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --result success
quark-ptq --workdir wd --json accept > out.json
rc=$?
jget out.json 'd["checkpoint"], d["confirmation"]["decision"], d["confirmation"]["digest"][:7], d["next_action"]["id"]'
exit $rc
