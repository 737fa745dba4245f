#!/usr/bin/env python3
"""quark-ptq environment probe: print, as one JSON object on stdout, what this Python
interpreter can offer to `quark-cli torch-llm-ptq`.

    python3 knowledge/probes/env_probe.py            # standalone: what quark-ptq reads from Python
    python3 knowledge/probes/env_probe.py --system   # plus the raw outputs of the system tools and
                                                     # files quark-ptq reads itself (for fixtures,
                                                     # and for a Slurm job step's node)

quark-ptq embeds this file and runs it as `<python> -c <this text>` (cwd /). It only reads:
package metadata (importlib.metadata, no import of amd-quark), `import torch` for the build
and the accelerators, and a few environment variables. It installs and downloads nothing and
writes no file. Every lookup is guarded: a failure lands in "errors" and the field stays
null ("unknown"), never a guess. Standard library plus torch when present.
"""
import json
import os
import platform
import sys
import time

PROBE_VERSION = 1
PACKAGES = ["torch", "amd-quark", "transformers", "datasets", "accelerate", "safetensors",
            "huggingface_hub", "tokenizers", "numpy"]
VARIABLES = ["HIP_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "HSA_OVERRIDE_GFX_VERSION",
             "PYTORCH_ROCM_ARCH", "PYTORCH_HIP_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "HF_HOME", "HF_HUB_CACHE",
             "HF_DATASETS_CACHE", "HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE", "VIRTUAL_ENV", "CONDA_PREFIX",
             # set by Slurm in a job step: where prepare's preflight ran (docs/cluster.md)
             "SLURM_JOB_ID", "SLURMD_NODENAME"]

out = {"probe": "quark-ptq-env", "probe_version": PROBE_VERSION, "errors": []}


def note(where, exc):
    out["errors"].append(f"{where}: {type(exc).__name__}: {exc}")


out["python"] = {
    "version": platform.python_version(),
    "implementation": platform.python_implementation(),
    "executable": sys.executable,
    "prefix": sys.prefix,
    "base_prefix": getattr(sys, "base_prefix", sys.prefix),
    "in_venv": sys.prefix != getattr(sys, "base_prefix", sys.prefix),
}
try:
    import sysconfig

    # where pip puts console scripts such as quark-cli for this interpreter
    out["python"]["scripts_dir"] = sysconfig.get_path("scripts")
    out["python"]["user_scripts_dir"] = sysconfig.get_path("scripts", f"{os.name}_user")
except Exception as e:  # noqa: BLE001
    note("sysconfig", e)

packages = {}
try:
    import importlib.metadata as md

    for name in PACKAGES:
        try:
            packages[name] = md.version(name)
        except md.PackageNotFoundError:
            packages[name] = None
        except Exception as e:  # noqa: BLE001 - a probe reports, it does not fail
            packages[name] = None
            note(f"version {name}", e)
except Exception as e:  # noqa: BLE001
    note("importlib.metadata", e)
out["packages"] = packages
out["variables"] = {name: os.environ.get(name) for name in VARIABLES}

torch_facts = {"importable": False}
if packages.get("torch") is not None:
    t0 = time.time()
    try:
        import torch

        torch_facts["importable"] = True
        torch_facts["import_seconds"] = round(time.time() - t0, 2)
        torch_facts["version"] = str(torch.__version__)
        torch_facts["cuda"] = getattr(torch.version, "cuda", None)
        torch_facts["hip"] = getattr(torch.version, "hip", None)
        torch_facts["build"] = "hip" if torch_facts["hip"] else ("cuda" if torch_facts["cuda"] else "cpu")
        try:
            torch_facts["arch_list"] = list(torch.cuda.get_arch_list())
        except Exception as e:  # noqa: BLE001
            note("torch.cuda.get_arch_list", e)
        available = torch.cuda.is_available()
        torch_facts["available"] = bool(available)
        torch_facts["device_count"] = int(torch.cuda.device_count()) if available else 0
        devices = []
        for i in range(torch_facts["device_count"]):
            d = {"index": i}
            try:
                p = torch.cuda.get_device_properties(i)
                d["name"] = p.name
                d["total_memory_bytes"] = int(p.total_memory)
                d["compute_capability"] = f"{p.major}.{p.minor}"
                d["multi_processor_count"] = int(getattr(p, "multi_processor_count", 0))
                arch = getattr(p, "gcnArchName", None)
                if arch:
                    d["gcn_arch_name"] = arch
            except Exception as e:  # noqa: BLE001
                note(f"device {i} properties", e)
            try:
                free, total = torch.cuda.mem_get_info(i)
                d["free_memory_bytes"] = int(free)
            except Exception as e:  # noqa: BLE001
                note(f"device {i} mem_get_info", e)
            devices.append(d)
        torch_facts["devices"] = devices
    except Exception as e:  # noqa: BLE001
        note("import torch", e)
out["torch"] = torch_facts

# With --system: standalone (for fixtures), and from prepare's Slurm preflight, which runs this
# probe as a job step on the compute node and reads the node's system facts from here
# (src/envprobe/probed_system.h); on its own host quark-ptq runs these tools itself.
SYSTEM_COMMANDS = [
    ["nvidia-smi", "--query-gpu=index,name,driver_version,memory.total,memory.used,memory.free,compute_cap,pci.bus_id",
     "--format=csv,noheader,nounits"],
    ["rocm-smi", "--showproductname", "--json"],
    ["uname", "-srm"],
]
SYSTEM_FILES = ["/etc/os-release", "/proc/meminfo", "/proc/1/cgroup", "/proc/self/cgroup", "/opt/rocm/.info/version",
                "/.dockerenv", "/run/.containerenv", "/proc/driver/nvidia/version"]
if "--system" in sys.argv[1:]:
    import subprocess

    raw = {"commands": {}, "files": {}}
    try:
        raw["cpu_count"] = len(os.sched_getaffinity(0))  # the CPUs this process may use (a job step's own)
    except Exception:  # noqa: BLE001
        raw["cpu_count"] = os.cpu_count()
    for argv in SYSTEM_COMMANDS:
        key = " ".join(argv)
        try:
            r = subprocess.run(argv, capture_output=True, text=True, timeout=60)
            raw["commands"][key] = {"exit_code": r.returncode, "stdout": r.stdout, "stderr": r.stderr}
        except Exception as e:  # noqa: BLE001
            raw["commands"][key] = {"error": f"{type(e).__name__}: {e}"}
    for path in SYSTEM_FILES:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                raw["files"][path] = f.read(65536)
        except Exception as e:  # noqa: BLE001
            raw["files"][path] = None
    out["system_raw"] = raw

print(json.dumps(out, indent=1, sort_keys=True))
