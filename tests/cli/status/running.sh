. "$SRC/tests/cli/workflow/lib.bash"
# The recorded pid is this test's shell: alive, so the run is in progress.
mkwd wd --through 3 --run running-alive
quark-ptq --workdir wd status --json > st.json
jget st.json 'd["run"]["state"], d["next_action"]["command"]'
