# Issue 18 item 21: a listing whose "sha" is not a 40-hex commit ("../../../evil") is refused;
# nothing is recorded.
set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub ok --sha "../../../evil"
quark-ptq analyze org/tiny
rc=$?
test -e model_analysis.json && echo "analysis written" >&2
exit $rc
