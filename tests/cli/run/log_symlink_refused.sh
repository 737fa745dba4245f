# Issue 18 item 9: links planted in logs/ are never written through: logs/ itself a link is
# refused before quark-cli starts, and the file it points to is untouched.
source "$SRC/tests/cli/run/lib.bash"
make_wd
mkdir elsewhere && echo precious > elsewhere/victim.txt
for s in $(seq 0 5); do ln -s "$PWD/elsewhere/victim.txt" "elsewhere/run-$(date -u -d "+$s sec" +%Y%m%dT%H%M%SZ).log"; done
ln -s "$PWD/elsewhere" wd/logs
quark-ptq --workdir wd run --approve "$DIGEST" > out.txt 2> err.txt || echo "exit $?"
grep -o "cannot create the run log" err.txt
cat elsewhere/victim.txt
