#!/usr/bin/env python3
"""Provokes a real CUDA out-of-memory in another process (for the diagnosis fixtures).

Waits until GPU0 shows more than --after-used-gib in use (the quantization run has loaded its
model), then takes all free memory but --leave-gib and holds it for --hold-s seconds.
"""
import argparse
import time

import torch

ap = argparse.ArgumentParser()
ap.add_argument("--after-used-gib", type=float, required=True)
ap.add_argument("--leave-gib", type=float, default=2.0)
ap.add_argument("--hold-s", type=float, default=300)
ap.add_argument("--wait-s", type=float, default=400)
a = ap.parse_args()
GiB = 1 << 30
start = time.time()
while time.time() - start < a.wait_s:
    free, total = torch.cuda.mem_get_info(0)
    if (total - free) / GiB > a.after_used_gib:
        take = int(free - a.leave_gib * GiB)
        block = torch.empty(take, dtype=torch.uint8, device="cuda:0")
        print(f"took {take / GiB:.2f} GiB at {time.time() - start:.1f} s; {a.leave_gib} GiB left free", flush=True)
        time.sleep(a.hold_s)
        break
    time.sleep(0.5)
else:
    print("the other process never loaded its model", flush=True)
