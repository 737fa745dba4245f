#!/usr/bin/env python3
"""Converts a GGUF file into a Hugging Face safetensors directory with transformers' own GGUF
loader, offline, and prints one JSON line: the files written with their sha256 and sizes.

    gguf-to-hf.py GGUF_FILE OUT_DIR [--dtype bfloat16]

Used by scripts/fetch-smollm2.sh. OUT_DIR must not exist; it is written complete or not at all
(the caller renames it into place). The GGUF's weights are dequantized by transformers (they
were Q4_1 for SmolLM2), so the result is a bf16 model that carries that rounding, like any
model converted from GGUF.
"""
import argparse
import hashlib
import json
import os
import sys
import time


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gguf")
    ap.add_argument("out")
    ap.add_argument("--dtype", default="bfloat16")
    a = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    if os.path.exists(a.out):
        sys.exit(f"gguf-to-hf: {a.out} exists; give a folder that does not")

    import torch
    import transformers
    from transformers import AutoModelForCausalLM, AutoTokenizer

    start = time.time()
    folder, name = os.path.split(os.path.abspath(a.gguf))
    dtype = getattr(torch, a.dtype)
    print(f"gguf-to-hf: loading {name} with transformers {transformers.__version__}", file=sys.stderr, flush=True)
    tok = AutoTokenizer.from_pretrained(folder, gguf_file=name)
    model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, dtype=dtype)
    model.save_pretrained(a.out)
    tok.save_pretrained(a.out)
    files = {}
    for f in sorted(os.listdir(a.out)):
        p = os.path.join(a.out, f)
        files[f] = {"sha256": sha256(p), "bytes": os.path.getsize(p)}
    print(json.dumps({"transformers": transformers.__version__, "torch": torch.__version__.split("+")[0],
                      "dtype": a.dtype, "seconds": round(time.time() - start, 1), "files": files}, sort_keys=True))


if __name__ == "__main__":
    main()
