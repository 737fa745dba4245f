# quark-ptq capability probe: prints, as one JSON object on stdout, what the INSTALLED AMD
# Quark offers to `quark-cli torch-llm-ptq`. Embedded in quark-ptq and run as
#   <python> -c <this file> [--versions] [--model-type T]
# --versions prints only package versions (fast: no Quark import); it keys the probe cache.
# Every lookup is guarded: failures land in "errors", the probe itself never fails.
# Keys match scripts/device/quark-api-probe.py so captured outputs of either parse the same.
import importlib.metadata as md
import json
import platform
import shutil
import sys
import os

args = sys.argv[1:]
result = {"probe": "quark_capabilities", "probe_version": 1, "versions": {}, "errors": []}
for dist in ("amd-quark", "torch", "transformers", "datasets", "accelerate"):
    try:
        result["versions"][dist] = md.version(dist)
    except md.PackageNotFoundError:
        result["versions"][dist] = None
result["versions"]["python"] = platform.python_version()
# A reinstall of the same version (another build, a local patch) changes the dist-info
# directory's mtime: part of the cache key, so that it is probed again.
result["dist_info_mtime_ns"] = {}
for dist in ("amd-quark", "torch", "transformers", "datasets", "accelerate"):
    try:
        path = getattr(md.distribution(dist), "_path", None)
        result["dist_info_mtime_ns"][dist] = os.stat(path).st_mtime_ns if path else None
    except Exception:  # noqa: BLE001 - not installed, or not a directory distribution
        result["dist_info_mtime_ns"][dist] = None
result["executable"] = sys.executable
bindir = os.path.dirname(sys.executable)
cli = os.path.join(bindir, "quark-cli")
result["quark_cli"] = cli if os.access(cli, os.X_OK) else shutil.which("quark-cli")

if "--versions" in args or result["versions"]["amd-quark"] is None:
    print(json.dumps(result, sort_keys=True))
    sys.exit(0)

model_type = None
if "--model-type" in args and args.index("--model-type") + 1 < len(args):
    model_type = args[args.index("--model-type") + 1]


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
    return [str(v)]


try:
    from quark.torch import LLMTemplate
except Exception as e:  # noqa: BLE001
    result["errors"].append(f"import: {type(e).__name__}: {e}")
    print(json.dumps(result, sort_keys=True))
    sys.exit(0)

guard("templates", lambda: sorted(LLMTemplate.list_available()))
guard("schemes", lambda: list(LLMTemplate.get_supported_schemes()))
guard("kv_cache_schemes", lambda: list(getattr(LLMTemplate, "_SUPPORTED_KV_CACHE_SCHEMES", [])))


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
        cfg = getattr(t, "algo_config", None) or {}
        with_cfg = sorted(k for k, v in cfg.items() if v is not None)
        per_template[mt] = {
            "kv_layers_name": listify(getattr(t, "kv_layers_name", None)),
            "q_layer_name": listify(getattr(t, "q_layer_name", None)),
            "exclude_layers_name": listify(getattr(t, "exclude_layers_name", None)),
            "algorithms_with_config": with_cfg,
        }
        for a in with_cfg:
            algo_model_types.setdefault(a, []).append(mt)
    except Exception as e:  # noqa: BLE001
        result["errors"].append(f"template {mt}: {type(e).__name__}: {e}")
result["per_template"] = per_template
result["algorithm_model_types"] = {k: sorted(v) for k, v in algo_model_types.items()}


# torch-llm-ptq's flags from Quark's own argparse definition, in this process: starting
# quark-cli (`quark-cli torch-llm-ptq --help`) would also import its ONNX subcommands, which
# build Quark's ONNX custom ops (minutes on a small machine). Absent in a Quark without this
# module: quark-ptq then runs `quark-cli torch-llm-ptq --help` instead.
def torch_llm_ptq_help():
    import argparse

    from quark.experimental.cli.torch_llm_ptq import TorchLLM_PTQ_CLI

    # As quark-cli's subparser names it; COLUMNS as quark-ptq sets it for the real --help,
    # so that argparse lays the text out the same way.
    os.environ["COLUMNS"] = "2000"
    parser = argparse.ArgumentParser(prog="quark-cli torch-llm-ptq")
    TorchLLM_PTQ_CLI.register_subcommand(parser)
    return parser.format_help()


guard("torch_llm_ptq_help", torch_llm_ptq_help)
if model_type is not None:
    result["model_type"] = model_type
    result["template"] = per_template.get(model_type)
print(json.dumps(result, sort_keys=True))
