. "$SRC/tests/cli/workflow/lib.bash"
# Checkpoint 3 says what this command does on this machine: a local model's weights are read,
# not downloaded, and a CPU plan keeps the CPU busy, not the GPU (issue 16). A GPU plan of the
# same workdir says GPU. Declined both times: nothing runs.
for mode in cpu gpu; do
  rm -rf "wd-$mode"; mkdir "wd-$mode"; cd "wd-$mode"
  mkwd . --through 2 --argv0 "$SRC/tests/fixtures/workflow/fake-quark-cli" --output-dir "$PWD/out" $([ $mode = cpu ] && echo --cpu)
  python3 "$SRC/tests/cli/start/pty_drive.py" --transcript transcript.txt --eof \
    --expect 'Shall I run this exact command?' --send 'no' \
    -- quark-ptq start /models/tiny-llama --output-dir "$PWD/out" > /dev/null
  echo "$mode: $(grep -o 'Checkpoint 3: running the exact command[^.]*' transcript.txt)"
  cd ..
done
