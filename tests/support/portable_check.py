#!/usr/bin/env python3
"""Loads each artifact the way a third party would - PyYAML's safe_load for YAML, the json
module for JSON - and validates it with the jsonschema package against the schema the tool
ships (references/contracts/). Prints one line per file; exits 1 if any file fails.

Usage: portable_check.py REPO FILE...   (the schema is chosen by the file's name)
Run it with the Debian interpreter (/usr/bin/python3: python3-yaml, python3-jsonschema), so
the check does not depend on anything the tool itself ships or builds."""
import json
import os
import sys

import jsonschema
import yaml

SCHEMAS = {
    "model_analysis.json": "model_analysis.schema.json",
    "quant_plan.json": "quant_plan.schema.json",
    "run_manifest.yaml": "run_manifest.schema.json",
    "checkpoints.json": "checkpoints.schema.json",
}


def main():
    repo, files = sys.argv[1], sys.argv[2:]
    failed = False
    for path in files:
        name = os.path.basename(path)
        with open(os.path.join(repo, "references", "contracts", SCHEMAS[name])) as f:
            schema = json.load(f)
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f) if name.endswith(".yaml") else json.load(f)
        validator = jsonschema.validators.validator_for(schema)(schema)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if errors:
            failed = True
            for e in errors[:5]:
                pointer = "/" + "/".join(str(p) for p in e.absolute_path)
                print(f"{name}: INVALID at {pointer}: {e.message[:200]}")
        else:
            print(f"{name}: valid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
