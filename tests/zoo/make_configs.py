#!/usr/bin/env python3
"""Writes the zoo's configs: tests/zoo/models/<model_type>/config.json and SOURCE.

Each config is the installed transformers' own defaults for that model type (the class
docstring names the published checkpoint the defaults describe; SOURCE records it), at reduced
depth (REDUCE below: fewer layers, real widths), with `architectures` and `torch_dtype` set as a
published config.json sets them. Run it in the pinned environment (.venv-quark) only when the
zoo changes; the written files are committed and are what the tests read.

    .venv-quark/bin/python tests/zoo/make_configs.py [model_type ...]
"""
import json
import os
import re
import sys

import transformers
from transformers.models.auto.configuration_auto import CONFIG_MAPPING
from transformers.models.auto import modeling_auto as ma

HERE = os.path.dirname(os.path.abspath(__file__))

# model_type -> (what it covers, overrides of the defaults). Depth is reduced to a few layers;
# widths, heads, experts and vocabularies stay as the defaults give them.
ZOO = {
    # dense
    "llama": ("dense", {"num_hidden_layers": 2}),
    "mistral": ("dense, sliding window", {"num_hidden_layers": 2}),
    "qwen2": ("dense, q/k/v bias", {"num_hidden_layers": 2}),
    "qwen3": ("dense, q/k norm", {"num_hidden_layers": 2}),
    "gemma2": ("dense, tied embeddings", {"num_hidden_layers": 2}),
    "gemma3_text": ("dense, tied embeddings", {"num_hidden_layers": 2}),
    "cohere": ("dense, parallel block", {"num_hidden_layers": 2}),
    "olmo": ("dense", {"num_hidden_layers": 2}),
    "opt": ("dense, fc1/fc2, out_proj", {"num_hidden_layers": 2}),
    "phi": ("dense, dense/fc1/fc2", {"num_hidden_layers": 2}),
    "gptj": ("dense, parallel block", {"n_layer": 2}),
    "hunyuan_v1_dense": ("dense, q/k norm", {"num_hidden_layers": 2, "head_dim": 128}),
    "phi3": ("fused qkv_proj and gate_up_proj", {"num_hidden_layers": 2}),
    "falcon": ("fused query_key_value, multi-query", {"num_hidden_layers": 2}),
    "glm": ("fused gate_up_proj", {"num_hidden_layers": 2}),
    "glm4": ("fused gate_up_proj", {"num_hidden_layers": 2}),
    # MoE
    "mixtral": ("MoE, non-Linear router (MixtralTopKRouter), renamed experts", {"num_hidden_layers": 2}),
    "qwen2_moe": ("MoE, shared expert, Linear shared_expert_gate", {"num_hidden_layers": 2}),
    "qwen3_moe": ("MoE, non-Linear router", {"num_hidden_layers": 2}),
    "dbrx": ("MoE, fused Wqkv, fused experts", {"n_layers": 2, "attn_config": {"rope_theta": 500000.0}}),
    "gpt_oss": ("MoE, fused experts with bias, Linear router", {"num_hidden_layers": 2}),
    "minimax_m2": ("MoE, renamed experts", {"num_hidden_layers": 2}),
    "glm4_moe": ("MoE, dense first layers, shared experts", {"num_hidden_layers": 2, "first_k_dense_replace": 1}),
    "granitemoehybrid": ("hybrid Mamba2 + attention, MoE", {"num_hidden_layers": 4}),
    "qwen3_next": ("hybrid linear attention, MoE, shared expert", {"num_hidden_layers": 4}),
    "lfm2": ("hybrid short convolutions + attention", {"num_hidden_layers": 4}),
    # MLA
    "deepseek_v2": ("MLA, MoE, non-Linear router, dense first layer", {"num_hidden_layers": 3}),
    "deepseek_v3": ("MLA with q LoRA, MoE, dense first layers", {"num_hidden_layers": 4}),
    "glm4_moe_lite": ("MLA, MoE", {"num_hidden_layers": 2}),
    "glm_moe_dsa": ("MLA with indexer, MoE", {"num_hidden_layers": 4}),
    # multimodal
    "gemma3": ("multimodal: SigLIP tower + Gemma 3", {"text_config": {"num_hidden_layers": 2}, "vision_config": {"num_hidden_layers": 2}}),
    "mllama": ("multimodal: cross-attention layers", {"text_config": {"num_hidden_layers": 4, "cross_attention_layers": [1]}, "vision_config": {"num_hidden_layers": 2, "num_global_layers": 1}}),
    "llama4": ("multimodal MoE", {"text_config": {"num_hidden_layers": 2}, "vision_config": {"num_hidden_layers": 2}}),
    "qwen3_vl_moe": ("multimodal MoE", {"text_config": {"num_hidden_layers": 2}, "vision_config": {"depth": 2, "deepstack_visual_indexes": [0, 1]}}),
    "qwen3_5_moe": ("multimodal hybrid MoE", {"text_config": {"num_hidden_layers": 4}, "vision_config": {"depth": 2}}),
}

SOURCE_RE = re.compile(r"\[([\w.\-]+/[\w.\-]+)\]\((https://huggingface\.co/[^)\s]+)\)")


def architecture(model_type, cfg):
    """The class a published config.json names: the image-text-to-text class for a config with
    a vision tower, else the causal LM."""
    if getattr(cfg, "vision_config", None) is not None and model_type in ma.MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING_NAMES:
        return ma.MODEL_FOR_IMAGE_TEXT_TO_TEXT_MAPPING_NAMES[model_type]
    return ma.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES[model_type]


def build(cls, over):
    """The config class with the overrides given to its constructor, so that what the class
    derives from them (layer_types and the like) follows the reduced depth."""
    return cls(**over)


def write(model_type):
    covers, over = ZOO[model_type]
    cls = CONFIG_MAPPING[model_type]
    cfg = build(cls, json.loads(json.dumps(over)))
    cfg.architectures = [architecture(model_type, cfg)]
    cfg.dtype = "bfloat16"
    out = os.path.join(HERE, "models", model_type)
    os.makedirs(out, exist_ok=True)
    d = cfg.to_dict()
    d.pop("_name_or_path", None)
    # JSON has no Infinity: a non-finite default (granitemoehybrid's time_step_limit) is left
    # out, and transformers restores it when it reads the file.
    for k in [k for k, v in d.items() if isinstance(v, (list, tuple, float)) and any(
            isinstance(x, float) and (x != x or x in (float("inf"), float("-inf"))) for x in (v if isinstance(v, (list, tuple)) else [v]))]:
        del d[k]
    path = os.path.join(out, "config.json")
    # Nested plain-dict sub-configs (dbrx's ffn_config) come out with keys their class rejects
    # on reading; drop exactly those, as the published file does not have them.
    for _ in range(8):
        with open(path, "w") as f:
            f.write(json.dumps(d, indent=2, sort_keys=True) + "\n")
        try:
            transformers.AutoConfig.from_pretrained(out)
            break
        except ValueError as e:
            m = re.search(r"Found unknown kwargs=(\{.*\})", str(e))
            if not m:
                raise
            bad = set(re.findall(r"'(\w+)':", m.group(1)))
            for v in d.values():
                if isinstance(v, dict):
                    for k in bad:
                        v.pop(k, None)
    m = SOURCE_RE.search(cls.__doc__ or "")
    repo, url = (m.group(1), m.group(2)) if m else (None, None)
    src = {
        "model_type": model_type,
        "covers": covers,
        "config": f"transformers {transformers.__version__} {cls.__name__}() defaults",
        "published_checkpoint": repo,
        "source_url": url,
        "reduced": over,
    }
    with open(os.path.join(out, "SOURCE.json"), "w") as f:
        json.dump(src, f, indent=1)
        f.write("\n")
    return out


if __name__ == "__main__":
    for t in sys.argv[1:] or sorted(ZOO):
        print(write(t))
