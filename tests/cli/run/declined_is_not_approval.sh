# Issue 18 item 7: a checkpoints.json entry with decision "declined" for checkpoint 3 is not
# an approval: status says approval is still needed, no raw message id is printed.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 - "$DIGEST" <<'PY'
import json, sys
p = "wd/checkpoints.json"
d = json.load(open(p))
d["confirmations"].append({"checkpoint": 3, "name": "execution", "reason": "x", "decision": "declined",
                           "digest": sys.argv[1], "confirmed_at": "2026-11-29T00:00:02Z", "user_words": "no"})
json.dump(d, open(p, "w"))
PY
quark-ptq --workdir wd status --json > st.json
python3 -c "import json; d=json.load(open('st.json')); print(d['checkpoints'][2]['state'], d['next_action']['id'])"
quark-ptq --workdir wd status > st.txt
grep -c "workflow\.\|cli\.\|run\." st.txt || true
