set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub ok --token right-token
export HF_TOKEN=wrong-token-value
quark-ptq analyze org/tiny 2> err.txt
rc=$?
cat err.txt >&2
! grep -q wrong-token-value err.txt && ! test -e model_analysis.json
exit $rc
