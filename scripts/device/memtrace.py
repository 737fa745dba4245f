#!/usr/bin/env python3
"""A measurement harness, not part of the product: runs quark-cli's own entry point in this
process with PyTorch's allocator recording which Python line made each live block, so that the
GPU peak of a run can be taken apart (which tensors were alive, which segments were cached and
empty). The estimate's constants are fitted from what it shows (knowledge/estimate.json).

    MEMTRACE_OUT=DIR python memtrace.py torch-llm-ptq --model_dir ... (quark-cli's arguments)

Writes DIR/timeline.jsonl (every 0.25 s: time, allocated and reserved MiB) and
DIR/peaks.jsonl (whenever the reserved bytes reach a new high by 64 MiB or more, and at the
allocated bytes' new highs by 256 MiB: the allocator's counters, the segments largest first
with how much of each is allocated, and the live blocks grouped by the first Python frame
outside torch that allocated them). Times are time.time(), so that they line up with a
timestamped log.
"""
import json
import os
import sys
import threading
import time

import torch

OUT = os.environ["MEMTRACE_OUT"]
os.makedirs(OUT, exist_ok=True)
MIB = 1 << 20


def origin(frames):
    for f in frames or []:
        name = f.get("filename", "")
        if "/torch/" in name or name.startswith("<"):
            continue
        short = name.split("site-packages/")[-1]
        return f"{short}:{f.get('line')}:{f.get('name')}"
    return "?"


def summarize(why):
    snap = torch.cuda.memory._snapshot()
    segs = [s for s in snap["segments"] if s.get("device", 0) == 0]
    groups = {}
    for s in segs:
        for b in s["blocks"]:
            if b["state"] != "active_allocated":
                continue
            key = origin(b.get("frames"))
            g = groups.setdefault(key, [0, 0, 0])
            g[0] += b["size"]
            g[1] += 1
            g[2] = max(g[2], b["size"])
    stats = torch.cuda.memory_stats(0)
    top = sorted(segs, key=lambda s: -s["total_size"])
    return {
        "t": time.time(),
        "why": why,
        "reserved_mib": stats.get("reserved_bytes.all.current", 0) / MIB,
        "allocated_mib": stats.get("allocated_bytes.all.current", 0) / MIB,
        "inactive_split_mib": stats.get("inactive_split_bytes.all.current", 0) / MIB,
        "num_alloc_retries": stats.get("num_alloc_retries", 0),
        "segments": len(segs),
        "largest_segments": [[round(s["total_size"] / MIB, 1), round(s["allocated_size"] / MIB, 1)] for s in top[:40]],
        "free_in_segments_by_size": sorted(
            [round(b["size"] / MIB, 1) for s in segs for b in s["blocks"] if b["state"] == "inactive" and b["size"] >= MIB],
            reverse=True)[:40],
        "live_by_origin": sorted(
            [[k, round(v[0] / MIB, 1), v[1], round(v[2] / MIB, 1)] for k, v in groups.items()], key=lambda x: -x[1])[:40],
    }


def sampler(stop):
    high_reserved = 0
    high_allocated = 0
    with open(os.path.join(OUT, "timeline.jsonl"), "a") as tl, open(os.path.join(OUT, "peaks.jsonl"), "a") as pk:
        while not stop.is_set():
            if torch.cuda.is_initialized():
                try:
                    r = torch.cuda.memory_reserved(0)
                    a = torch.cuda.memory_allocated(0)
                    tl.write(json.dumps({"t": time.time(), "allocated_mib": a / MIB, "reserved_mib": r / MIB}) + "\n")
                    why = None
                    if r >= high_reserved + 64 * MIB:
                        why, high_reserved = "reserved", r
                    if a >= high_allocated + 256 * MIB:
                        why, high_allocated = (why or "allocated"), a
                    if why:
                        pk.write(json.dumps(summarize(why)) + "\n")
                        pk.flush()
                except Exception as e:  # a failed sample must not end the run being measured
                    tl.write(json.dumps({"t": time.time(), "error": repr(e)}) + "\n")
            stop.wait(0.25)
        if torch.cuda.is_initialized():
            pk.write(json.dumps(summarize("end")) + "\n")
            stats = torch.cuda.memory_stats(0)
            pk.write(json.dumps({"why": "final_stats", "max_reserved_mib": stats.get("reserved_bytes.all.peak", 0) / MIB,
                                 "max_allocated_mib": stats.get("allocated_bytes.all.peak", 0) / MIB}) + "\n")


def main():
    torch.cuda.memory._record_memory_history(enabled="state", context="state", stacks="python")
    stop = threading.Event()
    th = threading.Thread(target=sampler, args=(stop,), daemon=True)
    th.start()
    sys.argv = ["quark-cli"] + sys.argv[1:]
    from quark.experimental.cli.main import main as quark_main
    rc = 1
    try:
        rc = quark_main()
    finally:
        stop.set()
        th.join(timeout=60)
    return rc


if __name__ == "__main__":
    sys.exit(main())
