# Issue 16 item 2: quark-cli exits 0 but writes nothing, so verification fails (exit 10).
# Neither run nor status says "quark-ptq accept" (accept refuses a failed result), status
# --json does not report run.state succeeded, and the next action names the failed checks
# and the checkpoint to return to; in English and Japanese.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=exit0_no_files
quark-ptq --workdir wd run --approve "$DIGEST" > run.txt 2>/dev/null || echo "run exit $?"
sed -n '/^verification:/,$p' run.txt
grep -c "quark-ptq accept" run.txt || true
quark-ptq --workdir wd status > status.txt
sed -n '/^Run:/,$p' status.txt
quark-ptq --workdir wd --json status > st.json
python3 -c "
import json; d = json.load(open('st.json'))
print(d['run']['state'], d['run']['recorded'], d['run']['verification'])
print(d['next_action']['id'], '|', d['next_action']['command'])"
quark-ptq --workdir wd --lang ja status > status_ja.txt
sed -n '/^実行:/,$p' status_ja.txt
grep -c "quark-ptq accept" status.txt status_ja.txt || true
quark-ptq --workdir wd accept 2>/dev/null || echo "accept exit $?"
