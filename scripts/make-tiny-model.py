#!/usr/bin/env python3
"""Build a tiny random-weight Llama checkpoint (plus a word-level tokenizer) without network.

    python3 scripts/make-tiny-model.py OUTPUT_DIR [--corpus FILE] [--config CONFIG_JSON]
                                       [--seed N] [--dtype bfloat16] [--device cpu]

* The tokenizer is a `tokenizers` WordLevel model trained on the shipped corpus
  (tests/fixtures/quark/corpus/corpus.txt by default), saved as a PreTrainedTokenizerFast
  (tokenizer.json + tokenizer_config.json), with <unk>/<s>/</s>/<pad> special tokens.
* The model is built by transformers from a config (default: the tiny Llama in
  tests/fixtures/quark/models/tiny-llama.json; any published config.json works, e.g.
  Llama-3.1-8B, Qwen3-30B-A3B) with vocab_size taken from the config when it is larger than
  the tokenizer's (the tokenizer is then only used for calibration text), else from the tokenizer.
* Weights are drawn with a fixed seed (normal, std = initializer_range) directly in the target
  dtype, so the same torch version on the same device writes the same bytes.

Needs torch, transformers, tokenizers, safetensors (all in python/requirements-quark.lock).
"""
import argparse
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = REPO / "tests/fixtures/quark/corpus/corpus.txt"
DEFAULT_CONFIG = REPO / "tests/fixtures/quark/models/tiny-llama.json"


def build_tokenizer(corpus: Path, out: Path, reserve_id: int | None = None):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers, processors
    from transformers import PreTrainedTokenizerFast

    def word_level(vocab=None):
        t = Tokenizer(models.WordLevel(vocab, unk_token="<unk>") if vocab else models.WordLevel(unk_token="<unk>"))
        t.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()])
        t.pre_tokenizer = pre_tokenizers.Sequence(
            [pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Punctuation(), pre_tokenizers.Digits(individual_digits=True)]
        )
        return t

    tok = word_level()
    trainer = trainers.WordLevelTrainer(special_tokens=["<unk>", "<s>", "</s>", "<pad>"], min_frequency=1)
    tok.train([str(corpus)], trainer)
    if reserve_id is not None:
        # Quark fixes some tokens by id for some model types (0.13: pad = eos = 151643 for qwen and
        # qwen2, knowledge/quark/0.13/tokenizer_fixups.json); a real tokenizer of that family has
        # the id, so the tiny one gets it too: filler entries up to it, then <|endoftext|> there.
        vocab = tok.get_vocab()
        if reserve_id < len(vocab):
            raise SystemExit(f"--reserve-token-id {reserve_id} is inside the trained vocabulary ({len(vocab)})")
        for i in range(len(vocab), reserve_id):
            vocab[f"<|reserved_{i}|>"] = i
        vocab["<|endoftext|>"] = reserve_id
        tok = word_level(vocab)
        tok.add_special_tokens(["<unk>", "<s>", "</s>", "<pad>", "<|endoftext|>"])
    bos, eos = tok.token_to_id("<s>"), tok.token_to_id("</s>")
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A", pair="<s> $A <s> $B", special_tokens=[("<s>", bos)]
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        unk_token="<unk>",
        bos_token="<s>",
        eos_token="</s>",
        pad_token="<pad>",
        model_max_length=2048,
        padding_side="left",
    )
    fast.save_pretrained(out)
    return fast


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("output_dir")
    ap.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    ap.add_argument("--config", default=str(DEFAULT_CONFIG), help="config.json to build the model from")
    ap.add_argument("--num_hidden_layers", type=int, default=None, help="override depth (reduced-depth copies)")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--dtype", default="bfloat16", choices=["bfloat16", "float16", "float32"])
    ap.add_argument("--device", default="cpu", help="where to materialise the weights (cpu or cuda)")
    ap.add_argument("--max_shard_size", default="5GB")
    ap.add_argument("--reserve-token-id", type=int, default=None,
                    help="give the tokenizer this id (as <|endoftext|>), e.g. 151643 for qwen2")
    args = ap.parse_args()

    import torch
    from transformers import AutoConfig, AutoModelForCausalLM

    t0 = time.time()
    out = Path(args.output_dir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = build_tokenizer(Path(args.corpus), out, args.reserve_token_id)

    cfg_dict = json.loads(Path(args.config).read_text())
    cfg_dict.pop("quantization_config", None)
    model_type = cfg_dict.pop("model_type")
    if args.num_hidden_layers is not None:
        cfg_dict["num_hidden_layers"] = args.num_hidden_layers
        for k in ("max_window_layers",):
            if k in cfg_dict:
                cfg_dict[k] = min(cfg_dict[k], args.num_hidden_layers)
        if isinstance(cfg_dict.get("layer_types"), list):
            cfg_dict["layer_types"] = cfg_dict["layer_types"][: args.num_hidden_layers]
        if isinstance(cfg_dict.get("mlp_only_layers"), list):
            cfg_dict["mlp_only_layers"] = [i for i in cfg_dict["mlp_only_layers"] if i < args.num_hidden_layers]
    if cfg_dict.get("vocab_size", 0) < len(tokenizer):
        cfg_dict["vocab_size"] = len(tokenizer)
    # token ids must exist in the model's vocabulary; point them at our tokenizer's specials
    cfg_dict["bos_token_id"] = tokenizer.bos_token_id
    cfg_dict["eos_token_id"] = tokenizer.eos_token_id
    cfg_dict["pad_token_id"] = tokenizer.pad_token_id
    for k in ("transformers_version", "architectures", "_name_or_path", "auto_map"):
        cfg_dict.pop(k, None)
    dtype = getattr(torch, args.dtype)
    config = AutoConfig.for_model(model_type, **cfg_dict)
    config.architectures = None
    config.dtype = dtype

    torch.manual_seed(args.seed)
    with torch.device(args.device):
        model = AutoModelForCausalLM.from_config(config, dtype=dtype)
    gen = torch.Generator(device=args.device).manual_seed(args.seed)
    std = float(getattr(config, "initializer_range", 0.02))
    with torch.no_grad():
        for name, p in sorted(model.named_parameters(), key=lambda kv: kv[0]):
            if name.endswith("norm.weight") or "layernorm" in name or name.endswith("_norm.weight"):
                p.fill_(1.0)
            elif p.dim() == 1:
                p.zero_()
            else:
                p.normal_(0.0, std, generator=gen)
    model.generation_config.do_sample = False
    model.save_pretrained(out, max_shard_size=args.max_shard_size)
    n = sum(p.numel() for p in model.parameters())
    info = {
        "model_type": model_type,
        "architectures": model.config.architectures,
        "num_parameters": n,
        "dtype": args.dtype,
        "seed": args.seed,
        "vocab_size": model.config.vocab_size,
        "tokenizer_vocab": len(tokenizer),
        "num_hidden_layers": model.config.num_hidden_layers,
        "seconds": round(time.time() - t0, 2),
        "torch": torch.__version__,
        "transformers": __import__("transformers").__version__,
    }
    print(json.dumps(info))
    return 0


if __name__ == "__main__":
    sys.exit(main())
