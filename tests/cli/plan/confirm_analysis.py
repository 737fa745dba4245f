#!/usr/bin/env python3
"""Test helper: copies a fixture analysis into WORKDIR and records checkpoint 1 for it in
checkpoints.json, as `quark-ptq confirm analysis` would (same digest: sha256 of the
canonical JSON without requires_confirmation). Fixtures are ASCII with integer numbers, so
Python's sorted compact dump equals nlohmann's.

    confirm_analysis.py FIXTURE.json WORKDIR [--no-confirm]
"""
import hashlib
import json
import shutil
import sys

src, wd = sys.argv[1], sys.argv[2]
shutil.copyfile(src, f"{wd}/model_analysis.json")
if "--no-confirm" in sys.argv:
    sys.exit(0)
doc = json.load(open(src))
doc.pop("requires_confirmation", None)
canon = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
digest = "sha256:" + hashlib.sha256(canon.encode()).hexdigest()
entry = {"checkpoint": 1, "name": "analysis", "reason": "test", "decision": "confirmed", "digest": digest,
         "confirmed_at": "2026-01-01T00:00:00Z", "user_words": "yes"}
json.dump({"confirmations": [entry]}, open(f"{wd}/checkpoints.json", "w"), indent=1)
