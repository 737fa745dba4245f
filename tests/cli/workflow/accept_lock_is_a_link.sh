. "$SRC/tests/cli/workflow/lib.bash"
# The checkpoints lock is never followed through a link placed at its name: nothing is
# created or truncated where it points, nothing is recorded.
mkwd wd --through 3 --result success
ln -s "$PWD/elsewhere" wd/.checkpoints.lock
quark-ptq --workdir wd accept 2> err.txt; echo "exit $?"
sed "s#$PWD#.#" err.txt
[ -e elsewhere ] && echo "CREATED THROUGH THE LINK"
jget wd/checkpoints.json 'sum(1 for c in d["confirmations"] if c["checkpoint"] == 4)'
