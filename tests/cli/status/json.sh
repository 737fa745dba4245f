. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage plan --through 1
quark-ptq --workdir wd --json --lang ja status > st.json
rc=$?
jget st.json '[a["state"] for a in d["artifacts"]], [c["state"] for c in d["checkpoints"]], d["valid_artifacts"], d["return_to"]'
jget st.json 'd["next_action"]["id"], d["next_action"]["command"], d["next_action"]["text"]'
exit $rc
