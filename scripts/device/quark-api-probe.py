#!/usr/bin/env python3
"""Print, as JSON on stdout, what the installed AMD Quark exposes to `quark-cli torch-llm-ptq`.

    python3 scripts/device/quark-api-probe.py > probe.json

Keys: versions (quark, torch, transformers, datasets, accelerate, python), templates
(LLMTemplate.list_available()), schemes (LLMTemplate.get_supported_schemes()), algorithms
(get_supported_algorithm_types()), kv_cache_schemes, per_template {kv_layers_name, q_layer_name,
gate_up_layers_name, exclude_layers_name, algorithms_with_config}, algorithm_model_types
(algorithm -> model types with a built-in config), import_seconds, errors.
Written to work on 0.12 and 0.13: every lookup is guarded and failures land in "errors".
Quark's import-time log lines go to stderr and are not part of the JSON.
"""
import importlib.metadata as md
import json
import platform
import sys
import time

result = {"versions": {}, "errors": []}


def guard(key, fn):
    try:
        result[key] = fn()
    except Exception as e:  # noqa: BLE001 - a probe reports, it does not fail
        result["errors"].append(f"{key}: {type(e).__name__}: {e}")


def listify(v):
    if v is None:
        return None
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v]
    return str(v)


for dist in ("amd-quark", "torch", "transformers", "datasets", "accelerate", "huggingface_hub", "safetensors", "tokenizers", "numpy"):
    try:
        result["versions"][dist] = md.version(dist)
    except md.PackageNotFoundError:
        result["versions"][dist] = None
result["versions"]["python"] = platform.python_version()

t0 = time.time()
try:
    import quark  # noqa: F401
    from quark.torch import LLMTemplate

    result["import_seconds"] = round(time.time() - t0, 2)
except Exception as e:  # noqa: BLE001
    result["errors"].append(f"import: {type(e).__name__}: {e}")
    print(json.dumps(result, indent=1, sort_keys=True))
    sys.exit(0)

guard("quark_version_attr", lambda: getattr(quark, "__version__", None))
try:
    from quark import version as _qv

    result["quark_git_version"] = getattr(_qv, "git_version", None)
except Exception:  # noqa: BLE001
    pass
guard("templates", lambda: sorted(LLMTemplate.list_available()))
guard("schemes", lambda: list(LLMTemplate.get_supported_schemes()))
guard("kv_cache_schemes", lambda: list(getattr(LLMTemplate, "_SUPPORTED_KV_CACHE_SCHEMES", [])))
guard("attention_schemes", lambda: list(getattr(LLMTemplate, "_SUPPORTED_ATTENTION_SCHEMES", [])))


def algorithms():
    try:
        from quark.torch.quantization.config.algo_configs import get_supported_algorithm_types
    except ImportError:
        from quark.torch.quantization.config.template import get_supported_algorithm_types  # type: ignore
    return list(get_supported_algorithm_types())


guard("algorithms", algorithms)

per_template = {}
algo_model_types = {a: [] for a in result.get("algorithms", [])}
for mt in result.get("templates", []):
    try:
        t = LLMTemplate.get(mt)
        algo_cfg = getattr(t, "algo_config", None) or {}
        with_cfg = sorted(k for k, v in algo_cfg.items() if v is not None)
        per_template[mt] = {
            "kv_layers_name": listify(getattr(t, "kv_layers_name", None)),
            "q_layer_name": listify(getattr(t, "q_layer_name", None)),
            "gate_up_layers_name": listify(getattr(t, "gate_up_layers_name", None)),
            "exclude_layers_name": listify(getattr(t, "exclude_layers_name", None)),
            "algorithms_with_config": with_cfg,
        }
        for a in with_cfg:
            algo_model_types.setdefault(a, []).append(mt)
    except Exception as e:  # noqa: BLE001
        result["errors"].append(f"template {mt}: {type(e).__name__}: {e}")
result["per_template"] = per_template
result["algorithm_model_types"] = {k: sorted(v) for k, v in algo_model_types.items()}

try:
    import torch

    result["torch"] = {
        "version": torch.__version__,
        "cuda": torch.version.cuda,
        "hip": getattr(torch.version, "hip", None),
        "cuda_available": torch.cuda.is_available(),
        "device_count": torch.cuda.device_count(),
    }
except Exception as e:  # noqa: BLE001
    result["errors"].append(f"torch: {type(e).__name__}: {e}")

print(json.dumps(result, indent=1, sort_keys=True))
