# Issue 18 item 17: the run log can no longer grow (here a 5 MiB file size limit, above the 4 MiB set aside for the final record, EFBIG; a full
# disk, ENOSPC, ends the same way) while quark-cli goes on and succeeds: quark-ptq is not
# killed, the run ends as it did (exit 0, verified, status says so), and the manifest records
# where the log stops and how much output it lost; the log holds exactly that many bytes.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_NOISE_BYTES=7000000
# stdout through a pipe (not limited): quark-cli's echo and quark-ptq's own lines
(ulimit -f 5120; quark-ptq --workdir wd run --approve "$DIGEST" 2> /dev/null | grep -a '^warning: the run log' > warn.txt) || echo "exit $?"
sed 's#logs/run-[^ ]*#LOG#' warn.txt
for k in run.status run.log_truncated.at_byte run.log_truncated.reason result.status; do echo "$k: $(yaml_get wd/run_manifest.yaml $k)"; done
[ "$(stat -c %s wd/logs/run-*.log)" = "$(yaml_get wd/run_manifest.yaml run.log_truncated.at_byte)" ] && echo "log size: as recorded"
python3 -c "import yaml; r=yaml.safe_load(open('wd/run_manifest.yaml'))['run']; print('lost > 900000:', r['log_truncated']['lost_bytes'] > 900000)"
quark-ptq --workdir wd status --json | python3 -c "import json,sys; d=json.load(sys.stdin); print('status run:', d['run']['state'], d['run']['verification'])"
[ -e wd/.run-reserve ] && echo "RESERVE LEFT BEHIND"
true
