# Issue 16 (a Japanese start walk on SmolLM2, CPU): inside start each risk was printed two or
# three times in a row: the intake summary's "Risks: ..." then checkpoint 1's table of them
# ("Risks: none found" then "No compatibility risks recorded."), and the plan's risk list then
# checkpoint 2's. Each is now listed once, by the question (with its recovery hint), and the
# CPU target is named once ("fp8 is not native on cpu", not "cpu (cpu)").
unset VIRTUAL_ENV CONDA_PREFIX
export XDG_CACHE_HOME="$PWD/.cache"
cp -r "$SRC/examples/tiny-llama" model
rm -f model/tokenizer.json model/tokenizer_config.json   # a medium risk at intake
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'Confirm the analysis\?' --send yes --expect 'Confirm the plan\?' --send no \
  -- quark-ptq start model --output-dir out --quark-version 0.12 --target cpu >/dev/null
echo "start exited with $?"
for text in 'no tokenizer files were found' 'add tokenizer.json / tokenizer_config.json' 'Elsewhere inference is emulated' 'cpu (cpu)' 'Risks: none' 'No compatibility risks recorded'; do
  echo "$(grep -c -- "$text" t.txt) x $text"
done
sed -n '/^Risks found by the analysis:/,/^Checkpoint 1:/p' t.txt
