. "$SRC/tests/cli/workflow/lib.bash"
# run.status says running, but the recorded process is gone (killed, or the machine rebooted).
mkwd wd --through 3 --run running-dead
quark-ptq --workdir wd status
quark-ptq --workdir wd status --json > st.json
jget st.json 'd["run"]["state"], d["run"]["recorded"], d["next_action"]["id"]'
