"""Tiny Hugging Face model directories for tests (scales are BF16 scalars, as in real 0.13
FP8 exports: tests/fixtures/verify/real): a BF16 source model and the FP8 output that
`quark-cli torch-llm-ptq --quant_scheme fp8` would write, optionally with planted defects.

The shapes follow tests/fixtures/quark/models/tiny-llama.json (2 layers, hidden 128). Tensor
bytes are deterministic per tensor name, so a source and an export agree byte for byte on
every module that was not quantized (lm_head, embeddings, norms).

    python3 quark_model.py source DIR
    python3 quark_model.py output DIR [--shards N] [--kv-cache] [--exclude PATTERN ...]
                                      [--defect NAME] [--source DIR]
Defects: missing_shard, bad_offsets, excluded_modified, unquantized_layer, missing_tokenizer,
no_quant_config, missing_generation_config, missing_scale.
"""
import argparse
import hashlib
import json
import os
import struct
import sys

HIDDEN, INTER, LAYERS, VOCAB, KV = 128, 256, 2, 512, 64
LINEARS = {
    "self_attn.q_proj": (HIDDEN, HIDDEN), "self_attn.k_proj": (KV, HIDDEN), "self_attn.v_proj": (KV, HIDDEN),
    "self_attn.o_proj": (HIDDEN, HIDDEN), "mlp.gate_proj": (INTER, HIDDEN), "mlp.up_proj": (INTER, HIDDEN),
    "mlp.down_proj": (HIDDEN, INTER),
}
DTYPE_SIZE = {"BF16": 2, "F16": 2, "F32": 4, "F8_E4M3": 1, "I8": 1, "U8": 1, "I32": 4}


def det_bytes(name, n):
    out = bytearray()
    counter = 0
    while len(out) < n:
        out += hashlib.sha256(f"{name}:{counter}".encode()).digest()
        counter += 1
    return bytes(out[:n])


def numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def tensor(name, dtype, shape, data=None):
    size = numel(shape) * DTYPE_SIZE[dtype]
    return (name, dtype, list(shape), data if data is not None else det_bytes(name, size))


def write_safetensors(path, tensors, corrupt_offsets=False):
    header, blobs, offset = {}, [], 0
    for name, dtype, shape, data in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    if corrupt_offsets and tensors:
        first = tensors[0][0]
        header[first]["data_offsets"][1] += 16  # overlaps the next tensor
    header["__metadata__"] = {"format": "pt"}
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * ((8 - len(raw) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        for b in blobs:
            f.write(b)


def base_config():
    here = os.path.dirname(os.path.abspath(__file__))
    cfg_path = os.path.join(here, "..", "fixtures", "quark", "models", "tiny-llama.json")
    with open(cfg_path) as f:
        return json.load(f)


def write_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")


def write_tokenizer(d):
    write_json(os.path.join(d, "tokenizer_config.json"), {"tokenizer_class": "PreTrainedTokenizerFast", "padding_side": "left",
                                                          "bos_token": "<s>", "eos_token": "</s>", "pad_token": "</s>"})
    write_json(os.path.join(d, "tokenizer.json"), {"version": "1.0", "model": {"type": "BPE", "vocab": {"<s>": 0, "</s>": 1}, "merges": []}})
    write_json(os.path.join(d, "special_tokens_map.json"), {"bos_token": "<s>", "eos_token": "</s>", "pad_token": "</s>"})


def source_tensors():
    t = [tensor("model.embed_tokens.weight", "BF16", (VOCAB, HIDDEN))]
    for i in range(LAYERS):
        p = f"model.layers.{i}"
        t.append(tensor(f"{p}.input_layernorm.weight", "BF16", (HIDDEN,)))
        t.append(tensor(f"{p}.post_attention_layernorm.weight", "BF16", (HIDDEN,)))
        for lin, shape in LINEARS.items():
            t.append(tensor(f"{p}.{lin}.weight", "BF16", shape))
    t.append(tensor("model.norm.weight", "BF16", (HIDDEN,)))
    t.append(tensor("lm_head.weight", "BF16", (VOCAB, HIDDEN)))
    return t


def make_source(d):
    os.makedirs(d, exist_ok=True)
    write_json(os.path.join(d, "config.json"), base_config())
    write_json(os.path.join(d, "generation_config.json"), {"bos_token_id": 0, "eos_token_id": 1})
    write_tokenizer(d)
    write_safetensors(os.path.join(d, "model.safetensors"), source_tensors())


def fp8_spec(dynamic=False):
    return {"dtype": "fp8_e4m3", "qscheme": "per_tensor", "ch_axis": None, "group_size": None, "is_dynamic": dynamic,
            "symmetric": None, "round_method": None, "scale_type": "float", "observer_cls": "PerTensorMinMaxObserver"}


def quant_config(exclude, kv_cache):
    return {
        "quant_method": "quark",
        "global_quant_config": {"weight": fp8_spec(), "input_tensors": fp8_spec(), "output_tensors": None, "bias": None, "target_device": None},
        "layer_quant_config": {},
        "layer_type_quant_config": {},
        "kv_cache_quant_config": {p: {"weight": None, "input_tensors": None, "output_tensors": fp8_spec(), "bias": None}
                                  for p in (["*k_proj", "*v_proj"] if kv_cache else [])},
        "exclude": exclude,
        "algo_config": None,
        "softmax_quant_spec": None,
        "quant_mode": "eager_mode",
        "version": "0.13",
        "export": {"kv_cache_group": ["*k_proj", "*v_proj"] if kv_cache else [], "min_kv_scale": 0.0, "pack_method": "reorder",
                   "weight_format": "real_quantized", "weight_merge_groups": None},
    }


def matches(name, patterns):
    import fnmatch
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def output_tensors(exclude, kv_cache, defect):
    out = []
    for name, dtype, shape, data in source_tensors():
        module = name[: -len(".weight")] if name.endswith(".weight") else name
        is_linear = any(module.endswith(l) for l in LINEARS) or module == "lm_head"
        if not is_linear or matches(module, exclude):
            if defect == "excluded_modified" and module == "lm_head":
                data = bytes([data[0] ^ 0xFF]) + data[1:]
            out.append((name, dtype, shape, data))
            continue
        if defect == "unquantized_layer" and module == "model.layers.1.mlp.down_proj":
            out.append((name, dtype, shape, data))
            continue
        out.append(tensor(name, "F8_E4M3", shape))
        if not (defect == "missing_scale" and module == "model.layers.0.self_attn.q_proj"):
            out.append(tensor(module + ".weight_scale", "BF16", ()))
        out.append(tensor(module + ".input_scale", "BF16", ()))
        if kv_cache and (module.endswith("k_proj") or module.endswith("v_proj")):
            out.append(tensor(module + ".output_scale", "BF16", ()))
    return out


def make_output(d, shards=1, kv_cache=False, exclude=None, defect=None):
    exclude = exclude if exclude is not None else ["lm_head"]
    os.makedirs(d, exist_ok=True)
    cfg = base_config()
    if defect != "no_quant_config":
        cfg["quantization_config"] = quant_config(exclude, kv_cache)
    write_json(os.path.join(d, "config.json"), cfg)
    if defect != "missing_generation_config":
        write_json(os.path.join(d, "generation_config.json"), {"bos_token_id": 0, "eos_token_id": 1})
    if defect != "missing_tokenizer":
        write_tokenizer(d)
    tensors = output_tensors(exclude, kv_cache, defect)
    if shards <= 1:
        write_safetensors(os.path.join(d, "model.safetensors"), tensors, corrupt_offsets=defect == "bad_offsets")
        return
    per = (len(tensors) + shards - 1) // shards
    weight_map, total = {}, 0
    for s in range(shards):
        part = tensors[s * per:(s + 1) * per]
        fname = f"model-{s + 1:05d}-of-{shards:05d}.safetensors"
        for name, _, _, data in part:
            weight_map[name] = fname
            total += len(data)
        if defect == "missing_shard" and s == shards - 1:
            continue
        write_safetensors(os.path.join(d, fname), part, corrupt_offsets=defect == "bad_offsets" and s == 0)
    write_json(os.path.join(d, "model.safetensors.index.json"), {"metadata": {"total_size": total}, "weight_map": weight_map})


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=["source", "output"])
    ap.add_argument("dir")
    ap.add_argument("--shards", type=int, default=1)
    ap.add_argument("--kv-cache", action="store_true")
    ap.add_argument("--exclude", nargs="*")
    ap.add_argument("--defect")
    a = ap.parse_args(argv)
    if a.kind == "source":
        make_source(a.dir)
    else:
        make_output(a.dir, a.shards, a.kv_cache, a.exclude, a.defect)


if __name__ == "__main__":
    main(sys.argv[1:])
