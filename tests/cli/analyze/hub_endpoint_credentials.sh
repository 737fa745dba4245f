# Issue 18 item 19: HF_ENDPOINT with user:password@ never reaches model_analysis.json, --json
# output or an error line; HF_TOKEN never either.
set -u
. "$SRC/tests/support/hub_env.sh"
make_repo org/tiny
start_hub hub ok
export HF_ENDPOINT="http://hubuser:hunter2pw@${HF_ENDPOINT#http://}"
export HF_TOKEN=secret-token-value
quark-ptq --json analyze org/tiny > out.json 2> err.txt
echo "analyze exit $?"
python3 -c "import json; a=json.load(open('model_analysis.json')); print(a['source']['endpoint'].split('@')[0])"
quark-ptq --json analyze org/missing > out2.json 2> err2.txt
echo "missing exit $?"
for f in model_analysis.json out.json err.txt out2.json err2.txt; do
  grep -q -e hunter2pw -e secret-token-value "$f" && echo "LEAK in $f"
done
grep -h -o 'http://\*\*\*@127.0.0.1' err2.txt out2.json model_analysis.json | sort -u
