#!/usr/bin/env python3
"""Test helper (not a case): read `quark-ptq --json prepare` output on stdin and check that
the display form parses back (POSIX shell rules, shlex) to exactly the recorded argv, that the
digest is sha256 of the canonical scope checkpoint 3 approves (argv, env_changes, outputs.output_dir,
environment.verdict, inputs.model_identity, built_from; workflow/command_digest.h), and check KEY=VALUE paths (dotted, list indexes allowed) given as arguments."""
import json
import os
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fixtures"))
from command_scope import scope_digest, unquote_ansi_c  # noqa: E402

doc = json.load(sys.stdin)
cmd = doc["manifest"]["command"]
words = shlex.split(unquote_ansi_c(cmd["display"]), posix=True)
env = [f'{e["name"]}={e["value"]}' for e in cmd["env_changes"]]
assert words == env + cmd["argv"], (words, cmd["argv"])
assert cmd["digest"] == scope_digest(doc["manifest"])
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
