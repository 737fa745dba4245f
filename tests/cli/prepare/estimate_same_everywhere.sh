# Issue 16 item 13: the same estimate showed twice with different rounding: prepare said
# "~0.4 min" and the checkpoint 3 summary (status, start, run) "about 1.0 min"; a short GPU
# said "about 21 GiB" beside "~20.6 GiB". Every view now shows the recorded value the same way
# (GiB with one decimal, whole minutes), in English and Japanese.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
for lang in en ja; do
  quark-ptq --lang $lang --workdir wd prepare --output-dir "$PWD/out/tiny-fp8" --python "$PWD/venv/bin/python" > prepare.txt
  quark-ptq --lang $lang --workdir wd status > status.txt
  # prepare: GPU0 ~G GiB of ..., host RAM ~H of ..., disk ~D of ..., ~M min
  sed -n 's/^Estimate: *GPU0 ~\([0-9.?]*\) GiB.*host RAM ~\([0-9.?]*\) of.*disk ~\([0-9.?]*\) of.*~\([0-9.?]*\) min$/prepare: GPU \1, host \2, disk \3, \4 min/p;
           s/^見積もり: *GPU0 約 \([0-9.?]*\) GiB.*ホスト RAM 約 \([0-9.?]*\) GiB.*ディスク 約 \([0-9.?]*\) GiB.*約 \([0-9.?]*\) 分$/prepare: GPU \1, host \2, disk \3, \4 min/p' prepare.txt
  grep -E "^  (resource estimate|必要リソースの見積もり) " status.txt | sed 's/  */ /g'
done
