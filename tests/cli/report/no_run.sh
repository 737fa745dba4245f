# A workdir with no run recorded has nothing to report: one line saying so and what to do,
# exit 4 (not_confirmed, as accept before a result), and nothing written.
source "$SRC/tests/cli/run/lib.bash"
mkdir empty
quark-ptq --workdir empty report || echo "empty: exit $?"
make_wd  # prepared, not run
quark-ptq --workdir wd report --output r.html || echo "prepared: exit $?"
ls empty
[ -e wd/report.html ] || [ -e r.html ] || echo "nothing written"
