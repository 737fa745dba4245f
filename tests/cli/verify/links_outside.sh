# Issue 18 item 20: verify stays inside the output directory. A link that leads out of it is a
# failed verification (exit 10) with a line naming it, and its target is neither read nor
# hashed; a link inside is reported, not hashed twice.
source "$SRC/tests/cli/verify/lib.bash"
model output out
echo "secret outside" > outside.txt
ln -s ../outside.txt out/notes.txt
ln -s config.json out/config.alias.json
rc=0; quark-ptq --json verify out > report.json 2> err.txt || rc=$?
echo "exit $rc"
grep -c "secret\|$(sha256sum outside.txt | cut -c1-64)" report.json || true
python3 -c 'import json; d = json.load(open("report.json")); print(d["status"], [c["id"] + ":" + c["status"] for c in d["checks"]], d["links"])'
grep -o 'symbolic link.*' err.txt
rm out/notes.txt
quark-ptq verify out | grep -i "link"
