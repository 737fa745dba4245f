# Issue 18 item 17 on a real full filesystem (no mock, no file size limit): the workdir alone
# on a 6 MiB tmpfs, quark-cli printing 8 MB. The run log fills the disk (ENOSPC) while the
# 4 MiB .run-reserve is held; the reserve is released before the final record, so the manifest
# still records the succeeded, verified run and where the log stops, and status says so.
# Without the reserve the final manifest cannot be written and the run stays "running".
# The tmpfs is mounted in a private mount namespace: a user namespace where the kernel allows
# it (no root needed), else as root; else the case is skipped (exit 77) with the reason.
source "$SRC/tests/cli/run/lib.bash"
if unshare --user --map-root-user --mount true 2> /dev/null; then
  ns=(unshare --user --map-root-user --mount)
elif [ "$(id -u)" = 0 ] && unshare --mount true 2> /dev/null; then
  ns=(unshare --mount)
else
  echo "skipped: cannot mount a tmpfs here (no user namespaces and not root)" >&2
  exit 77
fi
make_wd --env FAKE_QUARK_NOISE_BYTES=8000000
mv wd wd.seed && mkdir wd
cat > inner.sh <<'INNER'
set -eu
mount -t tmpfs -o size=6m tmpfs wd
cp -a wd.seed/. wd/
quark-ptq --workdir wd run --approve "$1" > run.txt 2>&1 || echo "exit $?"
quark-ptq --workdir wd status > status.txt 2>&1 || echo "status exit $?"
df -k --output=avail wd | tail -1 > avail.txt
mkdir wd.after && cp -a wd/. wd.after/
INNER
"${ns[@]}" bash inner.sh "$DIGEST"
grep -a '^warning: the run log' run.txt | sed 's#logs/run-[^ ]*#LOG#;s#the last [0-9]* bytes#the last N bytes#'
for k in run.status run.log_truncated.reason result.status; do echo "$k: $(yaml_get wd.after/run_manifest.yaml $k)"; done
at=$(yaml_get wd.after/run_manifest.yaml run.log_truncated.at_byte)
[ "$(stat -c %s wd.after/logs/run-*.log)" = "$at" ] && echo "log size: as recorded"
[ "$at" -gt 1000000 ] && [ "$at" -lt 3000000 ] && echo "log stopped where the disk was full (between 1 and 3 MB)"
[ "$(cat avail.txt)" -lt 4500 ] && echo "the disk stayed full but for the released reserve"
grep 'incomplete' status.txt | sed 's#logs/run-[^ ]*#LOG#;s#byte [0-9]*#byte N#;s#last [0-9]* bytes#last N bytes#'
[ -e wd.after/.run-reserve ] && echo "RESERVE LEFT BEHIND"
true
