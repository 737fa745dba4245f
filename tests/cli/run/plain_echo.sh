# Issue 16 item 12. quark-cli's colours and tqdm redraws are for a colour terminal: echoed to
# a pipe or file they are plain lines, each bar at its last state; with NO_COLOR on a
# terminal, no escape sequences (the bar still redraws). The run log keeps the raw bytes.
# A failed run is not headed "Checkpoint 4: the verified result".
source "$SRC/tests/cli/run/lib.bash"
make_wd
quark-ptq --workdir wd run --approve "$DIGEST" >out.txt 2>err.txt || echo "exit $?"
show() {
  python3 - "$@" <<'PY'
import sys
for name in sys.argv[1:]:
    data = open(name, "rb").read()
    print(name.split("/")[-1].split("-")[0], "ESC" if b"\x1b" in data else "no ESC", "CR" if b"\r" in data else "no CR",
          sum(1 for l in data.split(b"\n") if b"Calibrating:" in l), "line(s) with a bar")
PY
}
show out.txt err.txt wd/logs/run-*.log
grep -E '^(Checkpoint 4|The run)' out.txt
echo "--- NO_COLOR on a terminal"
rm -rf wd out src
make_wd
NO_COLOR=1 python3 "$SRC/tests/cli/start/pty_drive.py" --timeout 90 --transcript tty.txt -- quark-ptq --workdir wd run --approve "$DIGEST" >/dev/null
echo "exit $?"
show tty.txt
echo "--- a failed run"
rm -rf wd out src
make_wd --env FAKE_QUARK_SCENARIO=oom
quark-ptq --workdir wd run --approve "$DIGEST" >out.txt 2>/dev/null || echo "exit $?"
grep -E '^(Checkpoint 4|The run)' out.txt
