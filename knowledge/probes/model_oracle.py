# quark-ptq model oracle: what the installed transformers and Quark make of a config.json.
#
# Run by quark-ptq as `python -c <this file> [--compact] PATH...` in the pinned environment
# (torch, transformers, amd-quark). Each PATH is a model directory holding config.json (or the
# config.json itself). For each, the model is built from its config on the meta device (no
# weights are read or allocated), with the class Quark's own skeleton builder picks
# (quark.torch.utils.llm.device_mapping.build_skeleton_from_config: the causal-LM class, or the
# image-text-to-text class for multimodal architectures), then Quark's own MoE preparation
# (quark.torch.utils.llm.model_preparation.preprocess_for_quantization) unfuses fused experts
# exactly as quark-cli does before quantizing. Nothing of Quark is patched or copied.
#
# Remote code is never run: trust_remote_code is always False, and a config whose model_type
# the installed transformers does not implement is refused with a typed reason.
#
# Output (stdout): one JSON document
#   {"probe": "quark-ptq-model-oracle", "format": 1,
#    "versions": {"python", "torch", "transformers", "amd-quark"},
#    "import_seconds": float,
#    "models": [MODEL, ...]}                      one per PATH, in order
# MODEL:
#   {"path", "config_sha256" (of the config.json bytes), "status": "ok" | "refused",
#    "refusal": {"code", "detail"}                only when refused; codes:
#        config_unreadable, unknown_model_type, remote_code_required, no_model_class, build_failed,
#        moe_preparation_failed
#    "model_type", "text_model_type" (null unless nested), "model_class", "class_rule",
#    "linear_modules": [{"name", "in_features", "out_features", "bias", "origin", "checkpoint"}]
#        every torch.nn.Linear after Quark's MoE preparation, in module order. origin: "model"
#        (built by transformers) or "moe_preparation" (made by Quark from fused experts).
#        checkpoint: the module name its weight has in the saved checkpoint (the reverse of the
#        conversion mapping), or null when no single saved tensor corresponds.
#    "non_linear_modules": [{"name", "class", "kind", "parameters": [[name, shape], ...]}]
#        modules holding parameters directly that are not nn.Linear (norms left out), after the
#        preparation. kind: router | embedding | conv1d | other.
#    "moe_preparation": [{"name", "from_class", "to_class", "parameters": [[name, shape], ...]}]
#        the fused-expert modules Quark replaced (their parameters as transformers holds them).
#    "checkpoint_tensors": [[key, shape, dtype], ...]
#        the state dict as transformers saves it (save_pretrained's steps: state_dict, keys to
#        ignore on save, tied duplicates removed, conversion mapping reverted), sorted by key.
#    "renames": [{"type", "source_patterns", "target_patterns", "operations", "scope_prefix"}]
#        the installed transformers' conversion mapping for this model (load direction:
#        checkpoint -> model), as transformers.conversion_mapping.get_model_conversion_mapping
#        gives it without the legacy renames.
#    "tied_weights": {target: source, ...}        parameters tied to another (not saved)
#    "forward": {"status", "error", "function", "where"}
#        a forward pass of the prepared model on the meta device (input_ids [1, 8], explicit
#        positions, a 4-D mask, no cache, as Quark's calibration algorithms run it): the installed libraries' own code path with no data.
#        status: "ok"; "failed" (the libraries raised an error that no data can avoid, e.g.
#        DbrxAttention clamping with clip_qkv null: quark-cli fails the same way);
#        "inconclusive" (the meta device stopped it: a data-dependent op such as MoE routing's
#        nonzero, .item(), a CPU tensor made inside forward). error: "Type: message" (first
#        line, at most 300 characters), function / where: the innermost transformers or Quark
#        frame ("DbrxAttention.forward", "transformers/models/dbrx/modeling_dbrx.py:216");
#        null when ok.
#    "build_seconds": float}
import hashlib
import json
import os
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a config on disk needs no network, ever
os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

PROBE = "quark-ptq-model-oracle"
FORMAT = 1


def _stderr_only():
    # Quark and transformers log to stdout in places; the JSON document must be alone there.
    saved = os.dup(1)
    os.dup2(2, 1)
    return saved


def _version(dist):
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:
        return None


class Refusal(Exception):
    def __init__(self, code, detail):
        super().__init__(detail)
        self.code = code
        self.detail = detail


def _shape(t):
    return [int(d) for d in t.shape]


def _dtype(t):
    return str(t.dtype).replace("torch.", "")


def _config_path(path):
    return os.path.join(path, "config.json") if os.path.isdir(path) else path


def _load_config(path, cfg_path):
    import transformers
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING

    try:
        with open(cfg_path, "rb") as f:
            raw = f.read()
        data = json.loads(raw)
    except (OSError, ValueError) as e:
        raise Refusal("config_unreadable", f"{cfg_path}: {e}")
    if not isinstance(data, dict):
        raise Refusal("config_unreadable", f"{cfg_path}: not a JSON object")
    model_type = data.get("model_type")
    if not isinstance(model_type, str) or not model_type:
        raise Refusal("unknown_model_type", f"{cfg_path} has no model_type")
    if model_type not in CONFIG_MAPPING:
        if data.get("auto_map"):
            raise Refusal(
                "remote_code_required",
                f"model_type {model_type!r} is not implemented by transformers {transformers.__version__}; "
                "the repository's own code (auto_map) would be needed and is never run",
            )
        raise Refusal(
            "unknown_model_type", f"model_type {model_type!r} is not known to transformers {transformers.__version__}"
        )
    directory = os.path.dirname(os.path.abspath(cfg_path))
    try:
        config = transformers.AutoConfig.from_pretrained(directory, trust_remote_code=False)
    except Exception as e:
        raise Refusal("config_unreadable", f"transformers cannot read {cfg_path}: {type(e).__name__}: {e}")
    return config, hashlib.sha256(raw).hexdigest(), model_type


def _build(config):
    """The skeleton on the meta device, by Quark's class rule; a config without architectures
    gets the class the Auto mappings give its model_type."""
    from quark.torch.utils.llm.device_mapping import build_skeleton_from_config

    if getattr(config, "architectures", None):
        try:
            return build_skeleton_from_config(config, trust_remote_code=False), "quark build_skeleton_from_config"
        except ValueError as e:
            if "Cannot determine model class" not in str(e):
                raise Refusal("build_failed", f"{type(e).__name__}: {e}")
    import transformers
    from accelerate import init_empty_weights
    from transformers.initialization import no_init_weights
    from transformers.models.auto import modeling_auto as ma

    for names, auto in (
        (ma.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES, transformers.AutoModelForCausalLM),
        (ma.MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING_NAMES, transformers.AutoModelForImageTextToText),
    ):
        if config.model_type in names:
            with no_init_weights(), init_empty_weights():
                return auto.from_config(config, trust_remote_code=False), f"{auto.__name__} by model_type"
    raise Refusal(
        "no_model_class",
        f"transformers has no causal-LM or image-text-to-text class for {config.model_type!r} "
        f"(architectures={getattr(config, 'architectures', None)})",
    )


def _build_in_dtype(config):
    """Parameters in the dtype the checkpoint declares (quark-cli loads with dtype "auto")."""
    import torch

    text = getattr(config, "text_config", None)
    declared = getattr(config, "dtype", None) or getattr(text, "dtype", None)
    if isinstance(declared, str):
        declared = getattr(torch, declared, None)
    if not isinstance(declared, torch.dtype) or not declared.is_floating_point:
        return _build(config)
    previous = torch.get_default_dtype()
    torch.set_default_dtype(declared)
    try:
        return _build(config)
    finally:
        torch.set_default_dtype(previous)


def _saved_state(model):
    """Loaded key -> tensor, and saved key -> tensor, the way save_pretrained computes them."""
    from transformers.core_model_loading import revert_weight_conversion
    from transformers.modeling_utils import remove_tied_weights_from_state_dict

    state = model.state_dict()
    for key in getattr(model, "_keys_to_ignore_on_save", None) or []:
        state.pop(key, None)
    state = remove_tied_weights_from_state_dict(state, model)
    loaded = dict(state)
    saved = revert_weight_conversion(model, dict(state))
    return loaded, saved


def _checkpoint_of_loaded(model, loaded, saved):
    """loaded key -> the saved keys it becomes. Each loaded key is reverted alone; a key whose
    conversion needs its siblings (or fails alone) maps to nothing."""
    from transformers.core_model_loading import revert_weight_conversion

    out = {}
    for key, t in loaded.items():
        if key in saved:
            out[key] = [key]
            continue
        try:
            alone = revert_weight_conversion(model, {key: t})
        except Exception:
            continue
        keys = [k for k in alone if k in saved]
        if keys:
            out[key] = keys
    return out


def _renames(model):
    from transformers.conversion_mapping import get_model_conversion_mapping

    out = []
    try:
        transforms = get_model_conversion_mapping(model, add_legacy=False)
    except Exception:
        return out
    for t in transforms:
        ops = []
        for op in getattr(t, "operations", None) or []:
            args = {k: v for k, v in vars(op).items() if isinstance(v, (int, str, float, bool)) and not k.startswith("_")}
            ops.append({"op": type(op).__name__, **args})
        out.append(
            {
                "type": type(t).__name__,
                "source_patterns": list(getattr(t, "source_patterns", []) or []),
                "target_patterns": list(getattr(t, "target_patterns", []) or []),
                "operations": ops,
                "scope_prefix": getattr(t, "scope_prefix", None) or None,
            }
        )
    return out


def _tied(model):
    try:
        keys = getattr(model, "all_tied_weights_keys", None)
        if keys is None:
            keys = model.get_expanded_tied_weights_keys(all_submodels=True)
        return {str(k): str(v) for k, v in dict(keys).items()}
    except Exception:
        return {}


def _kind(name, module):
    import torch.nn as nn

    cls = type(module).__name__
    if isinstance(module, nn.Embedding):
        return "embedding"
    if cls == "Conv1D":
        return "conv1d"
    low = cls.lower()
    last = name.rsplit(".", 1)[-1]
    # TopKRouter / TopkRouter / MoEGate classes, or a module named gate / router; not a
    # GatedDeltaNet mixer, which holds its own parameters too.
    if "router" in low or low.endswith("gate") or last in ("gate", "router"):
        return "router"
    return "other"


def _direct_parameters(module):
    return [[n, _shape(p)] for n, p in module.named_parameters(recurse=False)]


def _expert_checkpoint(prefix, expert, part, ckpt_of):
    """The saved module of Quark's expert `expert`, projection `part`, made from the fused
    parameters of `prefix`: among the saved keys that the fused parameter becomes, the ones
    whose varying numeric component is the expert's index; of gate_up_proj's two, the first is
    the gate (Quark slices gate_up_proj gate first, as transformers fuses it)."""
    source = "down_proj" if part == "down_proj" else "gate_up_proj" if (prefix + ".gate_up_proj") in ckpt_of else part
    keys = ckpt_of.get(prefix + "." + source) or []
    if len(keys) < 2:
        return None
    split = [k.split(".") for k in keys]
    if len({len(s) for s in split}) != 1:
        return None
    varying = [i for i in range(len(split[0])) if len({s[i] for s in split}) > 1 and all(s[i].isdigit() for s in split)]
    if len(varying) != 1:
        return None
    mine = [k for k, s in zip(keys, split) if s[varying[0]] == expert]
    want = 2 if source == "gate_up_proj" else 1
    if len(mine) != want:
        return None
    chosen = mine[1] if source == "gate_up_proj" and part == "up_proj" else mine[0]
    return chosen[: -len(".weight")] if chosen.endswith(".weight") else chosen


# Errors the meta device raises where real tensors would have data: no verdict on the model.
# "unknown device type": transformers 5.2's maybe_autocast asks torch's autocast about the
# input's device type, and autocast knows no "meta" (5.16 skips the meta device itself).
_META_MARKERS = ("meta", "data-dependent", "data dependent", "unknown device type")


def _library_frame(tb):
    """The innermost frame in transformers or Quark: the code path that failed."""
    found = None
    while tb is not None:
        f = tb.tb_frame.f_code
        path = f.co_filename.replace(os.sep, "/")
        for lib in ("/transformers/", "/quark/"):
            if lib in path:
                found = (getattr(f, "co_qualname", f.co_name), lib[1:] + path.split(lib, 1)[1] + ":" + str(tb.tb_lineno))
        tb = tb.tb_next
    return found


def _forward_check(model):
    import torch

    try:
        ids = torch.zeros((1, 8), dtype=torch.long, device="meta")
        # Explicit positions and a ready 4-D additive mask: otherwise transformers inspects the
        # data (packed sequences, an all-ones padding mask), which the meta device cannot answer.
        positions = torch.arange(8, device="meta").unsqueeze(0)
        dtype = next((p.dtype for p in model.parameters() if p.is_floating_point()), torch.float32)
        mask = torch.zeros((1, 1, 8, 8), dtype=dtype, device="meta")
        with torch.no_grad():
            model(input_ids=ids, attention_mask=mask, position_ids=positions, use_cache=False)
        return {"status": "ok", "error": None, "function": None, "where": None}
    except Exception as e:
        text = (str(e).strip().splitlines() or [""])[0][:300]
        error = f"{type(e).__name__}: {text}"
        low = error.lower()
        meta = isinstance(e, NotImplementedError) or any(m in low for m in _META_MARKERS)
        frame = _library_frame(e.__traceback__)
        return {
            "status": "inconclusive" if meta else "failed",
            "error": error,
            "function": frame[0] if frame else None,
            "where": frame[1] if frame else None,
        }


def oracle_one(path):
    import torch.nn as nn
    from quark.torch.utils.llm.model_preparation import preprocess_for_quantization

    started = time.time()
    cfg_path = _config_path(path)
    doc = {"path": path}
    try:
        config, digest, model_type = _load_config(path, cfg_path)
        doc["config_sha256"] = digest
        doc["model_type"] = model_type
        text = getattr(config, "text_config", None)
        doc["text_model_type"] = getattr(text, "model_type", None) if text is not None and text is not config else None
        try:
            model, rule = _build_in_dtype(config)
        except Refusal:
            raise
        except Exception as e:
            raise Refusal("build_failed", f"{type(e).__name__}: {e}")
        doc["model_class"] = type(model).__name__
        doc["class_rule"] = rule
        loaded, saved = _saved_state(model)
        ckpt_of = _checkpoint_of_loaded(model, loaded, saved)
        renames = _renames(model)
        tied = _tied(model)
        before = {n: m for n, m in model.named_modules()}
        before_params = {n: _direct_parameters(m) for n, m in before.items()}
        try:
            preprocess_for_quantization(model)
        except Exception as e:
            raise Refusal("moe_preparation_failed", f"{type(e).__name__}: {e}")
        after = dict(model.named_modules())
        prepared = []
        for n, m in before.items():
            if n in after and after[n] is not m and type(after[n]) is not type(m):
                prepared.append(
                    {"name": n, "from_class": type(m).__name__, "to_class": type(after[n]).__name__,
                     "parameters": before_params[n]}
                )
        prepared_prefixes = [p["name"] + "." for p in prepared]
        linears, others = [], []
        for n, m in after.items():
            if isinstance(m, nn.Linear):
                origin = "moe_preparation" if any(n.startswith(p) for p in prepared_prefixes) else "model"
                if origin == "model":
                    keys = ckpt_of.get(n + ".weight", [])
                    ckpt = keys[0][: -len(".weight")] if len(keys) == 1 and keys[0].endswith(".weight") else None
                    if ckpt is None and (n + ".weight") in tied:
                        ckpt = None  # tied: not saved
                else:
                    owner = next(p for p in prepared_prefixes if n.startswith(p))[:-1]
                    rest = n[len(owner) + 1:].split(".")
                    ckpt = _expert_checkpoint(owner, rest[0], rest[-1], ckpt_of) if len(rest) == 2 else None
                linears.append(
                    {"name": n, "in_features": int(m.in_features), "out_features": int(m.out_features),
                     "bias": m.bias is not None, "origin": origin, "checkpoint": ckpt}
                )
                continue
            params = _direct_parameters(m)
            if not params or "norm" in type(m).__name__.lower():
                continue
            others.append({"name": n, "class": type(m).__name__, "kind": _kind(n, m), "parameters": params})
        doc.update(
            {
                "status": "ok",
                "linear_modules": linears,
                "non_linear_modules": others,
                "moe_preparation": prepared,
                "checkpoint_tensors": [[k, _shape(v), _dtype(v)] for k, v in sorted(saved.items())],
                "renames": renames,
                "tied_weights": tied,
                "forward": _forward_check(model),
            }
        )
    except Refusal as r:
        doc["status"] = "refused"
        doc["refusal"] = {"code": r.code, "detail": r.detail}
    doc["build_seconds"] = round(time.time() - started, 3)
    return doc


def _dump(doc, compact):
    if not compact:
        return json.dumps(doc, indent=1, sort_keys=False)
    return json.dumps(doc, separators=(",", ":"))


def main(argv):
    compact = "--compact" in argv
    paths = [a for a in argv if a != "--compact"]
    saved_stdout = _stderr_only()
    started = time.time()
    import platform

    import torch  # noqa: F401
    import transformers  # noqa: F401
    import quark.torch.utils.llm.model_preparation  # noqa: F401  (the expensive import, once)

    out = {
        "probe": PROBE,
        "format": FORMAT,
        "versions": {
            "python": platform.python_version(),
            "torch": _version("torch"),
            "transformers": _version("transformers"),
            "amd-quark": _version("amd-quark"),
        },
        "import_seconds": round(time.time() - started, 3),
        "models": [oracle_one(p) for p in paths],
    }
    text = _dump(out, compact)
    os.dup2(saved_stdout, 1)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
