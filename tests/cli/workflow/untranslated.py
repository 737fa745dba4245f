#!/usr/bin/env python3
"""Test helper (not a case): reads Japanese output on stdin and prints each line that shows a
known enum value (messages/enum.en.json: the <value> of enum.<family>.<value>, or an English
text of several words such as "not measured") untranslated,
as a word of its own outside paths, commands and quotes; then "N untranslated"."""
import json
import os
import re
import sys

src = os.environ["SRC"]
catalog = json.load(open(os.path.join(src, "messages", "enum.en.json")))
values = {k.split(".", 2)[2] for k in catalog}
phrases = {v for v in catalog.values() if " " in v}  # "not measured"
japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
bad = 0
for line in sys.stdin:
    line = line.rstrip("\n")
    if not japanese.search(line):
        continue
    # Paths, commands and quoted input are the user's or the machine's, not ours to translate.
    text = re.sub(r"(quark-ptq|quark-cli)\S*( \S+)*", " ", line)
    text = re.sub(r"\S*/\S*", " ", text)
    text = re.sub(r"'[^']*'|\"[^\"]*\"|「[^」]*」", " ", text)
    words = set(re.findall(r"(?<![A-Za-z_])[a-z_]+(?![A-Za-z_])", text))
    hits = sorted(words & values) + sorted(p for p in phrases if p in text)
    if hits:
        bad += 1
        print(", ".join(hits), "|", line)
print(bad, "untranslated")
