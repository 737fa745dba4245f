#!/usr/bin/env python3
"""Test helper (not a case): read `quark-ptq --json prepare` output on stdin and check that
the display form parses back (POSIX shell rules, shlex) to exactly the recorded argv, that the
digest is sha256 of the canonical {"argv", "env_changes"}, and check KEY=VALUE paths (dotted, list indexes allowed) given as arguments."""
import hashlib
import json
import shlex
import sys

doc = json.load(sys.stdin)
cmd = doc["manifest"]["command"]
words = shlex.split(cmd["display"], posix=True)
env = [f'{e["name"]}={e["value"]}' for e in cmd["env_changes"]]
assert words == env + cmd["argv"], (words, cmd["argv"])
canon = json.dumps({"argv": cmd["argv"], "env_changes": cmd["env_changes"]}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
assert cmd["digest"] == "sha256:" + hashlib.sha256(canon.encode("utf-8")).hexdigest()
assert doc["digest"] == cmd["digest"]
print("round-trip ok:", len(cmd["argv"]), "words")
print("ready:", doc["manifest"]["environment"]["verdict"]["ready"])
for a in sys.argv[1:]:
    key, want = a.split("=", 1)
    v = doc["manifest"]
    for part in key.split("."):
        v = v[int(part)] if isinstance(v, list) else v[part]
    assert str(v) == want, (key, v, want)
    print(f"{key} = {want}")
