# Issue 16: inside start, a step that succeeded printed the standalone hint ("Next: review it,
# then quark-ptq confirm analysis", "confirm with: quark-ptq confirm plan", "next: quark-ptq
# accept ...") right above start's own question at that checkpoint, sending the user away
# from the question in front of them. The steps' views still print those hints outside start.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t12.txt --eof \
  --expect 'Confirm the analysis\?' --send yes --expect 'Confirm the plan\?' --send no \
  -- quark-ptq start model --output-dir out --quark-version 0.13 --target mi300x >/dev/null
echo "checkpoints 1-2: $(grep -ciE 'next: review it|confirm with:' t12.txt) standalone hints, $(grep -c '^wrote .*quant_plan.json$' t12.txt) plan written line"
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t4.txt --eof \
  --expect 'Shall I run this exact command' --send 'yes' \
  -- quark-ptq --lang en --workdir wd start src --output-dir out > /dev/null || true
echo "checkpoint 4: $(grep -ci '^next:' t4.txt) standalone hints, $(grep -c 'Accept this result?' t4.txt) question"
quark-ptq --workdir wd status > /dev/null
