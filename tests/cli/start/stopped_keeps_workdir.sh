# Issue 16 item 13: when start stops, the commands it names to continue are typed as the user
# types them: with --workdir (it read "quark-ptq accept / quark-ptq followup TEXT").
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'Shall I run this exact command' --send 'yes' \
  --expect 'Accept this result\?' --send 'no' \
  -- quark-ptq --lang en --workdir wd start src --output-dir out > /dev/null || echo "start exit $?"
grep "^Stopped at" t.txt
