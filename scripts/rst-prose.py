#!/usr/bin/env python3
"""Extracts the English prose paragraphs of reStructuredText sources (the Debian Developer's
Reference ships its .rst sources) and writes two disjoint JSON-lines corpora, one record
{"text": paragraph} per line: calibration from some chapters, evaluation from the others.

    rst-prose.py SOURCES_DIR OUT_DIR --evaluation pkgs,best-pkging-practices

Kept: body paragraphs and list items, joined into one line each, with inline markup reduced
to its text (``x`` -> x, :ref:`t <a>` -> t, `t <url>`_ -> t). Dropped: headings, directives
and comments (..), literal and indented blocks, tables, and paragraphs under 80 characters.
Deterministic: same sources, same bytes. Prints a JSON summary on stdout.
"""
import argparse
import hashlib
import json
import os
import re
import sys

HEADING = re.compile(r"^([=\-~^*#+\"'`]){4,}\s*$")
ROLE = re.compile(r":[a-zA-Z:]+:`([^`<]*?)\s*(?:<[^>]*>)?`")
LINK = re.compile(r"`([^`<]+?)\s*<[^>]+>`_+")
LITERAL = re.compile(r"``([^`]+)``")
EMPH = re.compile(r"(\*\*|\*)([^*]+)\1")
BARE = re.compile(r"`([^`]+)`_*")


def clean(text):
    text = ROLE.sub(r"\1", text)
    text = LINK.sub(r"\1", text)
    text = LITERAL.sub(r"\1", text)
    text = EMPH.sub(r"\2", text)
    text = BARE.sub(r"\1", text)
    text = text.replace("\\", "")
    return re.sub(r"\s+", " ", text).strip()


def paragraphs(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    blocks, cur = [], []
    for line in lines + [""]:
        if line.strip():
            cur.append(line)
        elif cur:
            blocks.append(cur)
            cur = []
    out = []
    in_literal = False
    for b in blocks:
        first = b[0]
        indented = first.startswith((" ", "\t"))
        if in_literal and indented:
            continue
        in_literal = False
        if indented or first.startswith(".."):
            continue
        if len(b) >= 2 and HEADING.match(b[1]) or any(HEADING.match(x) for x in b) or first.lstrip().startswith(("+", "|", "$", "#")):
            continue
        if b[-1].rstrip().endswith("::"):
            in_literal = True  # the next indented block is a literal block
        text = clean(" ".join(x.strip() for x in b))
        if text.endswith("::"):
            text = text[:-1]
        letters = sum(c.isalpha() or c == " " for c in text)
        if len(text) >= 80 and letters >= 0.85 * len(text):
            out.append(text)
    return out


def write_jsonl(path, records):
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps({"text": r}, ensure_ascii=False) + "\n")
    os.replace(path + ".tmp", path)
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sources")
    ap.add_argument("out")
    ap.add_argument("--evaluation", required=True, help="comma-separated chapter names (file stems) held out for evaluation")
    a = ap.parse_args()
    held = set(a.evaluation.split(","))
    chapters = sorted(f[: -len(".rst.txt")] for f in os.listdir(a.sources) if f.endswith(".rst.txt"))
    missing = held - set(chapters)
    if missing:
        sys.exit(f"rst-prose: no chapter {', '.join(sorted(missing))} in {a.sources}")
    calib, evals = [], []
    for ch in chapters:
        (evals if ch in held else calib).extend(paragraphs(os.path.join(a.sources, ch + ".rst.txt")))
    overlap = set(calib) & set(evals)
    calib = [p for p in calib if p not in overlap]  # disjoint even where chapters repeat a paragraph
    os.makedirs(a.out, exist_ok=True)
    summary = {"chapters": {"calibration": [c for c in chapters if c not in held], "evaluation": sorted(held)}}
    for name, recs in (("calibration", calib), ("evaluation", evals)):
        digest = write_jsonl(os.path.join(a.out, name + ".jsonl"), recs)
        summary[name] = {"records": len(recs), "characters": sum(len(r) for r in recs), "sha256": digest}
    print(json.dumps(summary, sort_keys=True))


if __name__ == "__main__":
    main()
