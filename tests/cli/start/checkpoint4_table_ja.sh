# Issue 16 item 10: start's checkpoint 4 table showed the verification's metric keys as they are
# in the artifact (output_bytes, compression_ratio...) and the run's peak GPU memory as "GPU - MiB"
# when it was not measured. Each row is named in Japanese and an unmeasured peak says 計測なし.
source "$SRC/tests/cli/run/lib.bash"
make_wd
python3 "$SRC/tests/cli/start/pty_drive.py" --transcript t.txt --eof \
  --expect 'よろしいですか' --send 'はい' \
  -- quark-ptq --lang ja --workdir wd start src --output-dir out > /dev/null || true
grep "ピークメモリ" t.txt
sed -n '/^検証済みの結果（run_manifest.yaml）/,/^チェックポイント 4: /p' t.txt
