# Issue 16 item 9: checkpoint 3 in `run` on a terminal lists the words that approve, and a
# slip ("y", "ok") is asked again instead of ending the run with exit 7; an explicit "no",
# end of input or a third non-approval still refuses, and nothing runs. English and Japanese.
source "$SRC/tests/cli/run/lib.bash"
make_wd
DRIVE="python3 $SRC/tests/cli/start/pty_drive.py"
Q='Shall I run this exact command\?'
show() { grep -E "^(Only yes|\"|「|Shall I|この正確|quark-ptq: error)" "$1" | sed 's/ *$//'; }

echo "== y, then yes"
rc=0; $DRIVE --transcript t1.txt --expect "$Q" --send 'y' --expect "$Q" --send 'yes' -- quark-ptq --workdir wd run > /dev/null || rc=$?
echo "exit $rc"
show t1.txt | grep -v '^Shall I'
grep -c "$Q" t1.txt
python3 -c "import json; print([c['user_words'] for c in json.load(open('wd/checkpoints.json'))['confirmations'] if c['checkpoint'] == 3])"

rm -rf out wd
make_wd
echo "== no"
rc=0; $DRIVE --transcript t2.txt --expect "$Q" --send 'no' -- quark-ptq --workdir wd run > /dev/null || rc=$?
echo "exit $rc"
grep -c "$Q" t2.txt
echo "== end of input (Ctrl-D) after a slip"
rc=0; $DRIVE --transcript t3.txt --expect "$Q" --send 'ok' --expect "$Q" --send $'\x04' -- quark-ptq --workdir wd run > /dev/null || rc=$?
echo "exit $rc"
grep -c "$Q" t3.txt
echo "== three slips"
rc=0; $DRIVE --transcript t4.txt --expect "$Q" --send 'y' --expect "$Q" --send 'ok' --expect "$Q" --send 'sure' -- quark-ptq --workdir wd run > /dev/null || rc=$?
echo "exit $rc"
grep -c "$Q" t4.txt
[ -e out ] && echo "output dir created" || echo "no output dir"

echo "== ja: はいはい, then 実行"
QJ='この正確なコマンドを実行してもよろしいですか？'
rc=0; $DRIVE --transcript t5.txt --expect "$QJ" --send 'はいはい' --expect "$QJ" --send '実行' -- quark-ptq --workdir wd --lang ja run > /dev/null || rc=$?
echo "exit $rc"
grep -E "^(実行するのは|「)" t5.txt | sed 's/ *$//'
grep -c "$QJ" t5.txt
