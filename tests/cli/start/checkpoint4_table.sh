# checkpoint4_table_ja.sh in English: the metrics named in words, the unmeasured GPU peak
# "not measured" (it read "GPU - MiB").
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'Shall I run this exact command' --send 'yes' \
  -- quark-ptq --lang en --workdir wd start src --output-dir out > /dev/null || true
grep "peak memory" t.txt
sed -n '/^Verified result (run_manifest.yaml)/,/^Checkpoint 4: /p' t.txt
