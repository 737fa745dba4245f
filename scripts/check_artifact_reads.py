#!/usr/bin/env python3
"""Counts string-keyed JSON lookups in the production code outside src/artifacts, per file,
against scripts/artifact_reads.json, so that untyped reads of the workdir's artifacts only
ever go down (issue: typed artifacts, one reader each).

A lookup is `json_string(x, "key")` and the other core::json_* readers, `json_first_*(...)`,
`x["key"]`, `x.at("key")`, `.value("key"`, `.contains("key")`, `.find("key")`, `.count("key")`,
`.erase("key")`. The baseline gives each file its number and what the JSON it reads is:
"artifact" (model_analysis.json, quant_plan.json, run_manifest.yaml, checkpoints.json,
comparison_manifest.yaml or one of their sections: to be read through src/artifacts, so the
number is 0) or another kind with the reason ("protocol: MCP messages", ...).

  scripts/check_artifact_reads.py            fails when a file of kind "artifact" (or not
                                             classified) has any lookup, or a file of
                                             another kind has more than its baseline
  scripts/check_artifact_reads.py --update   writes today's numbers (new files as "artifact"
                                             until classified by hand); kinds are kept
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BASELINE = ROOT / "scripts" / "artifact_reads.json"
LOOKUP = re.compile(
    r'json_(?:string|int|number|bool|object|array|at|string_list)\([^;()]*?,\s*"[^"]+"'
    r'|json_first_\w+\('
    r'|\[\s*"[A-Za-z_][A-Za-z0-9_]*"\s*\]'
    r'|\.(?:at|value|contains|find|count|erase)\(\s*"[A-Za-z_][A-Za-z0-9_/]*"'
)


def production_files():
    for path in sorted((ROOT / "src").rglob("*")):
        if path.suffix not in (".cpp", ".h") or not path.is_file():
            continue
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("src/artifacts/") or path.stem.endswith(("_test", "_fuzz")):
            continue
        yield rel, path


def count(path):
    n = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("//"):
            continue
        n += len(LOOKUP.findall(line))
    return n


def main():
    now = {rel: count(path) for rel, path in production_files()}
    now = {rel: n for rel, n in now.items() if n}
    baseline = json.loads(BASELINE.read_text(encoding="utf-8")) if BASELINE.exists() else {"files": {}}
    files = baseline["files"]
    if "--update" in sys.argv[1:]:
        files = {rel: {"count": n, "kind": files.get(rel, {}).get("kind", "artifact")} for rel, n in sorted(now.items())}
        baseline["files"] = files
        BASELINE.write_text(json.dumps(baseline, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    problems = []
    for rel, n in sorted(now.items()):
        entry = files.get(rel, {})
        allowed = entry.get("count", 0) if entry.get("kind", "artifact") != "artifact" else 0
        if n > allowed:
            problems.append(f"{rel}: {n} string-keyed JSON lookups, {allowed} allowed - read the artifact through src/artifacts"
                            " (or, for JSON that is not an artifact, classify the file in scripts/artifact_reads.json)")
    lowered = [rel for rel, entry in files.items() if now.get(rel, 0) < entry["count"]]
    debt = sum(n for rel, n in now.items() if files.get(rel, {}).get("kind", "artifact") == "artifact")
    for p in problems:
        print(p, file=sys.stderr)
    if lowered and "--update" not in sys.argv[1:]:
        print(f"artifact reads: fewer lookups than the baseline in {len(lowered)} file(s); "
              "run scripts/check_artifact_reads.py --update to lower it", file=sys.stderr)
    print(f"artifact reads: {debt} untyped lookups of artifacts left outside src/artifacts"
          f" ({len(problems)} file(s) over their baseline)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
