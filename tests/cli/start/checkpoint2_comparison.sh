# start --compare: checkpoint 2 on the terminal shows every candidate plan of the comparison
# (one line each, the regrouping of a group that does not divide a layer, the schemes left out)
# before it asks, as `plan --compare` prints it; declined, nothing is confirmed.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'Confirm the analysis\?' --send yes --expect 'Confirm the plan\?' --send no \
  -- quark-ptq start model --output-dir out --quark-version 0.13 --target mi300x --compare fp8,int4_wo_128 >/dev/null
echo "start exited with $?"
sed -n '/^Comparison/,/^Confirm the plan/p' t.txt | grep -v '^Confirm the plan' | sed "s|$PWD/||"
python3 -c "import json; print([c['checkpoint'] for c in json.load(open('checkpoints.json'))['confirmations']])"
