#!/usr/bin/env python3
"""The zoo matrix's summary from its run folders (scripts/device/zoo-h200.sh): per run the
status, quark-cli time, GPU peak of quark-cli's own processes (gpu_own_mib; the device total
only when the tool listed no process), host peak of its process group, the estimates and their
relative errors, and the verification. Writes RUNS_DIR/../summary.json and prints the markdown
table of tests/fixtures/quark/0.13/h200-zoo/README.md.

  zoo-summary.py RUNS_DIR
"""
import json
import os
import sys

import yaml


def row(d, name):
    r = {"run": name}
    try:
        m = yaml.safe_load(open(os.path.join(d, "run_manifest.yaml")))
    except Exception as ex:  # a plan refused before prepare has no manifest
        r["manifest"] = f"unreadable: {ex}"
        return r
    run, est = m.get("run") or {}, m.get("estimate") or {}
    peak = run.get("peak") or {}
    argv = (m.get("command") or {}).get("argv") or []
    gpu = peak.get("gpu_own_mib") or peak.get("gpu_memory_mib")
    r.update(status=run.get("status"), quark_cli_s=run.get("seconds"), estimate_minutes=est.get("minutes"),
             gpu_own_mib=peak.get("gpu_own_mib"), gpu_device_mib=peak.get("gpu_memory_mib"), host_peak_mib=peak.get("host_memory_mib"),
             gpu_estimate_gib=est.get("gpu_memory_gib"), host_estimate_gib=est.get("host_memory_gib"),
             scheme=argv[argv.index("--quant_scheme") + 1] if "--quant_scheme" in argv else None,
             algorithm=argv[argv.index("--quant_algo") + 1] if "--quant_algo" in argv else None,
             diagnosis=(run.get("diagnosis") or {}).get("rule"))
    for k, meas in (("gpu", gpu), ("host", r["host_peak_mib"])):
        e = r.get(k + "_estimate_gib")
        if meas and e:
            r[k + "_error"] = round((e * 1024 - meas) / meas, 3)
    try:
        r["verify"] = json.load(open(os.path.join(d, "verify.json"))).get("status")
    except Exception:
        r["verify"] = None
    return r


def main():
    runs_dir = sys.argv[1]
    rows = [row(os.path.join(runs_dir, n), n) for n in sorted(os.listdir(runs_dir))]
    with open(os.path.join(runs_dir, "..", "summary.json"), "w") as f:
        json.dump({"runs": rows}, f, indent=1)
    pct = lambda v: "-" if v is None else f"{v * 100:+.0f} %"
    print("| run | scheme (algo) | status | verify | quark-cli s | GPU own MiB | GPU est. GiB | GPU error | host MiB | host est. GiB | host error | diagnosis |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        algo = f" ({r['algorithm']})" if r.get("algorithm") else ""
        print(f"| {r['run']} | {r.get('scheme')}{algo} | {r.get('status')} | {r.get('verify')} | {r.get('quark_cli_s')} | {r.get('gpu_own_mib')} | "
              f"{r.get('gpu_estimate_gib')} | {pct(r.get('gpu_error'))} | {r.get('host_peak_mib')} | {r.get('host_estimate_gib')} | "
              f"{pct(r.get('host_error'))} | {r.get('diagnosis') or '-'} |")


if __name__ == "__main__":
    main()
