# Issue 18 item 17: a run whose log could not grow (here a 5 MiB file size limit, above the 4 MiB set aside for the final record) is shown as
# such by `status` afterwards, in English and Japanese, from run.log_truncated in the manifest;
# status --json carries the record itself. A run whose log is whole says nothing of the kind.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_NOISE_BYTES=7000000
(ulimit -f 5120; quark-ptq --workdir wd run --approve "$DIGEST" > /dev/null 2>&1) || echo "exit $?"
quark-ptq --workdir wd status | grep -A1 '^Run:' | sed 's#logs/run-[^ ]*#LOG#'
quark-ptq --lang ja --workdir wd status | grep -A1 '^実行:' | sed 's#logs/run-[^ ]*#LOG#'
quark-ptq --workdir wd status --json | python3 -c "import json,sys; r=json.load(sys.stdin)['run']; print('json:', r['state'], r['log_truncated']['at_byte'], r['log_truncated']['reason'])"
rm -rf wd src out
make_wd
quark-ptq --workdir wd run --approve "$DIGEST" > /dev/null 2>&1 || echo "exit $?"
quark-ptq --workdir wd status | grep -c 'incomplete' || true
quark-ptq --workdir wd status --json | python3 -c "import json,sys; print('json whole log:', 'log_truncated' not in json.load(sys.stdin)['run'])"
