#!/usr/bin/env python3
"""Prints the lines of a Japanese transcript that still carry English prose.

  english_left.py TRANSCRIPT...

quark-cli's own lines ([QUARK-...] records, progress bars, what the fake prints) are not ours
and are skipped. In the rest, paths, flags, commands, identifiers, versions and digests are
taken out, and so is quoted text (the model's own words); a line that still has three English
words in a row is prose we failed to translate.
"""
import re
import sys

# Words that are names, not prose: they stay as they are in a Japanese sentence.
NAMES = {"Quark", "PyTorch", "Hugging", "Face", "Hub", "Slurm", "NVIDIA", "AMD", "Instinct", "Python", "GiB", "MiB",
         "SmolLM", "Llama", "LlamaForCausalLM", "AutoModelForCausalLM", "RTN", "AWQ", "GPTQ", "SmoothQuant", "KV"}
QUARK_CLI = re.compile(r"\[QUARK-|^\s*\d+%\||it/s\]|s/it\]|fake evaluator|fake quark-cli")
TOKEN_NOT_PROSE = re.compile(r"[/\\=_.:@#$%<>{}\[\]()0-9`'\"]|^-|-$|--|sha256")
WORD = re.compile(r"^[A-Za-z][a-z]+[,;]?$")


QUOTED = re.compile(r'"[^"]*"|「[^」]*」')


def prose(line):
    # Quoted text is the model's (canary prompts and what it generated), not ours.
    line = QUOTED.sub(" ", line)
    run = 0
    for token in line.split():
        if TOKEN_NOT_PROSE.search(token.rstrip(",;")) or token in NAMES:
            run = 0
            continue
        if WORD.match(token) and token.rstrip(",;") not in NAMES:
            run += 1
            if run >= 3:
                return True
            # A comma ends the run: "a, b, c" lists names (algorithms, schemes), it is not prose.
            if token.endswith(","):
                run = 0
        else:
            run = 0
    return False


def main():
    found = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if QUARK_CLI.search(line):
                    continue
                if prose(line):
                    print(f"{path}:{n}: {line}")
                    found += 1
    print(f"English lines: {found}")


if __name__ == "__main__":
    main()
