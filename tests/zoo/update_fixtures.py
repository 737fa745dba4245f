#!/usr/bin/env python3
"""Rewrites tests/zoo/oracle/<model_type>.json from a fresh oracle run in the pinned
environment: one Python process for the whole zoo (importing Quark costs most of the time).

    .venv-quark/bin/python tests/zoo/update_fixtures.py [model_type ...]

Each fixture is the oracle's model document (knowledge/probes/model_oracle.py's header
describes it) without the run-dependent "path" and "build_seconds", plus "versions" (the
libraries that answered) and "zoo" (tests/zoo/models/<type>/SOURCE.json: where the config comes
from and what it covers). The zoo test (zoo_tests, "fixture matches a fresh run") fails when a
committed fixture and a fresh run disagree, so fixtures cannot drift from the environment.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(ROOT, "knowledge", "probes", "model_oracle.py")


def dump(doc):
    """Top-level keys on their own lines and one list element per line: reviewable diffs."""
    lines = ["{"]
    items = list(doc.items())
    for i, (k, v) in enumerate(items):
        end = "," if i + 1 < len(items) else ""
        if isinstance(v, list) and v:
            lines.append(f" {json.dumps(k)}: [")
            for j, e in enumerate(v):
                lines.append("  " + json.dumps(e, separators=(", ", ": ")) + ("," if j + 1 < len(v) else ""))
            lines.append(" ]" + end)
        else:
            lines.append(f" {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(types):
    models = os.path.join(HERE, "models")
    types = types or sorted(os.listdir(models))
    dirs = [os.path.join(models, t) for t in types]
    with open(SCRIPT) as f:
        script = f.read()
    out = subprocess.run([sys.executable, "-c", script, "--compact", *dirs], check=True, capture_output=True, text=True,
                         cwd="/", env={**os.environ, "HF_HUB_OFFLINE": "1"}).stdout
    report = json.loads(out)
    os.makedirs(os.path.join(HERE, "oracle"), exist_ok=True)
    for t, d, m in zip(types, dirs, report["models"]):
        m.pop("path", None)
        m.pop("build_seconds", None)
        with open(os.path.join(d, "SOURCE.json")) as f:
            zoo = json.load(f)
        doc = {"versions": report["versions"], "zoo": zoo, **m}
        with open(os.path.join(HERE, "oracle", t + ".json"), "w") as f:
            f.write(dump(doc))
        print(t, m["status"], len(m.get("linear_modules", [])), "linear modules")
    print(f"import {report['import_seconds']} s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
