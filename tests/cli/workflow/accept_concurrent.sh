. "$SRC/tests/cli/workflow/lib.bash"
# Issue 18: two accepts at once record one acceptance. checkpoints.json is read, checked and
# rewritten under an exclusive flock on wd/.checkpoints.lock (the run lock's discipline: the
# kernel drops it with its holder, no stale rule). Here another process holds that lock: both
# accepts wait for it instead of writing, and once it is released the second sees the first.
mkwd wd --through 3 --result success
python3 - <<'PY'
import fcntl, json, os, subprocess, time
fd = os.open("wd/.checkpoints.lock", os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
procs = [subprocess.Popen(["quark-ptq", "--workdir", "wd", "accept"], stdout=subprocess.DEVNULL) for _ in range(2)]
time.sleep(0.3)
count = lambda: sum(1 for c in json.load(open("wd/checkpoints.json"))["confirmations"] if c["checkpoint"] == 4)
print("while the lock is held: running", sum(p.poll() is None for p in procs), "recorded", count())
fcntl.flock(fd, fcntl.LOCK_UN)
print("exits", [p.wait(timeout=20) for p in procs], "recorded", count())
PY
