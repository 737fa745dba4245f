# Issue 16 item 5. In start, a KEY=VALUE correction at checkpoint 1 is shown again (the
# corrected summary and each change) and confirmed only by the yes after it; at checkpoint 2,
# plan options typed as `quark-ptq plan` takes them make the plan again (the same plan flow)
# and the new table is asked; options that cannot make a plan leave it unchanged and are
# asked again.
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'Confirm the analysis\?' --send 'quantization_targets.exclude_defaults=lm_head,*.mlp.down_proj' \
  --expect 'Confirm the analysis with these corrections\?' --send yes \
  --expect 'Confirm the plan\?' --send '--scheme int8 --priority accuracy' \
  --expect 'Confirm the plan\?' --send '--calib-samples zero' \
  --expect 'Confirm the plan\?' --send no \
  -- quark-ptq start model --output-dir out --quark-version 0.13 --target mi300x >/dev/null
echo "start exited with $?"
grep -E '^(Your corrections|  quantization_targets\.exclude_defaults|  Exclusions |Checkpoint 1 \(|== Step 2|  Global scheme |quark-ptq: warning: cannot read|Confirm the plan|Stopped at)' t.txt \
  | sed -e 's/sha256:[0-9a-f]*/sha256:.../' -e 's/  \+/  /g' | cut -c1-110
python3 -c "import json; c=json.load(open('checkpoints.json'))['confirmations']; print([(x['checkpoint'], x['user_words'], sorted(x.get('corrections', {}))) for x in c])"
python3 -c "import json; p=json.load(open('quant_plan.json')); print(p['global_scheme'], p['options']['priority'], p['requires_confirmation'])"
