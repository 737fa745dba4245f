"""Evaluation of a quantized output against its source, run by `quark-ptq evaluate` and step 4
(src/evaluate/) as `python -c <this script> ARGS` in the pinned environment. It measures; the
verdict is decided by the caller from these figures and the plan's threshold.

Each model is loaded once with transformers (a Quark export loads through transformers'
QuarkHfQuantizer when amd-quark is installed and runs emulated on CPU or GPU), then:
  canary      greedy generation from fixed prompts: the tokens, the text, whether it is
              degenerate (empty, or one token / a few n-grams repeated);
  perplexity  mean next-token negative log-likelihood on the same non-overlapping windows of
              held-out text (JSON lines with a "text" field), one figure per window, so that
              the caller can pair the windows and give the delta a standard error.
The quantized model evaluates at most the windows the source did, in the same order. The
budget (--budget-seconds) is shared so that the comparison survives a slow machine: the
source's windows stop at 40 % of it, the quantized model (emulated, often several times
slower) has until 90 % for the same windows and always measures at least two (the fewest that
give a standard error); each model's perplexity comes before its canary, whose length is
bounded by --canary-tokens. A bounded run reports fewer windows, never invented ones.

A baseline (--baseline FILE, what an earlier evaluation measured of the same source on the same
text with the same settings and libraries, as --baseline-out wrote it) stands in for the source:
its windows and canary are used as measured, the source is not loaded, and the quantized model
has the budget up to 90 % for those windows. A baseline whose context differs from this run's in
anything that changes the figures (libraries, device, dtype, text, windows, canary) is not used;
the result says which was used ("baseline": "used", "stale: ..." or absent).

Progress: one line per stage on stderr ("evaluate: ..."). Result: one JSON document on stdout
(and in --result-file, for a caller that streams stderr and stdout into one log).
Exit 0 when the JSON was written, even if a model failed to load (that is in the JSON: the
check is "not-run" with its reason); exit 2 on bad arguments.

Started early (step 4 starts it while quark-cli still runs, so that the person does not wait for
the imports afterwards): `--wait-for-go` as the only argument. It then imports torch and
transformers, touches no GPU (importing them initialises no device) and reads one line from
stdin, a pipe only quark-ptq writes: "go" followed by a space and the JSON array
of the arguments above proceeds exactly as a direct start would, its clock (the progress lines,
the budget, "seconds") starting then; end-of-file or anything else exits RELEASED (10) having
read, written and measured nothing.
"""
import argparse
import json
import math
import os
import sys
import time

PROMPTS = [
    "The capital of France is",
    "A Debian package is built from source by",
    "Here is a short recipe for pancakes:",
]

START = time.monotonic()
RELEASED = 10


# The progress lines' texts, in the person's language: quark-ptq passes its catalog's
# evaluate.progress.* entries (--messages JSON). A key it did not pass is printed with its
# values, so a gap shows instead of English in a Japanese run.
MESSAGES = {}


def log(key, **values):
    text = MESSAGES.get(key)
    try:
        msg = text.format(**values) if text is not None else key + " " + " ".join(f"{k}={v}" for k, v in values.items())
    except (KeyError, IndexError, ValueError):
        msg = key + " " + " ".join(f"{k}={v}" for k, v in values.items())
    print(f"evaluate: [{time.monotonic() - START:6.1f}s] {msg}", file=sys.stderr, flush=True)


def label_text(label):
    return MESSAGES.get("label_" + label, label)


def read_texts(path):
    texts = []
    with open(path, encoding="utf-8") as f:
        if path.endswith(".jsonl"):
            for line in f:
                line = line.strip()
                if line:
                    rec = json.loads(line)
                    if isinstance(rec.get("text"), str) and rec["text"].strip():
                        texts.append(rec["text"].strip())
        else:
            texts = [p.strip() for p in f.read().split("\n\n") if p.strip()]
    return texts


def degenerate(ids, text):
    """A reason when generated text is degenerate, else None."""
    if not text.strip():
        return "empty"
    if len(ids) >= 8:
        top = max(ids.count(t) for t in set(ids))
        if top > 0.5 * len(ids):
            return "one token repeated"
        grams = [tuple(ids[i:i + 4]) for i in range(len(ids) - 3)]
        if len(set(grams)) < 0.5 * len(grams):
            return "repeated 4-grams"
    return None


def load(path, dtype, device):
    import torch
    from transformers import AutoModelForCausalLM
    kwargs = {"dtype": getattr(torch, dtype)}
    model = AutoModelForCausalLM.from_pretrained(path, **kwargs)
    model.to(device)
    model.eval()
    return model


def layer_classes(model):
    counts = {}
    for _, m in model.named_modules():
        name = type(m).__name__
        if "Linear" in name:
            counts[name] = counts.get(name, 0) + 1
    return counts


def canary(model, tok, device, new_tokens):
    import torch
    out = []
    for prompt in PROMPTS:
        enc = tok(prompt, return_tensors="pt").to(device)
        with torch.no_grad():
            gen = model.generate(**enc, max_new_tokens=new_tokens, do_sample=False, num_beams=1,
                                 pad_token_id=tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id)
        ids = gen[0, enc["input_ids"].shape[1]:].tolist()
        text = tok.decode(ids, skip_special_tokens=True)
        out.append({"prompt": prompt, "tokens": ids, "text": text, "degenerate": degenerate(ids, text)})
    return out


def windows_of(tok, texts, seq_len, count):
    ids = tok("\n\n".join(texts), add_special_tokens=False)["input_ids"]
    n = min(count, len(ids) // seq_len)
    return [ids[i * seq_len:(i + 1) * seq_len] for i in range(n)], len(ids)


def perplexity(model, windows, device, deadline, label, at_least=0):
    import torch
    nll = []
    for i, w in enumerate(windows):
        if deadline is not None and time.monotonic() > deadline and i >= at_least:
            log("budget_reached", label=label_text(label), done=i, total=len(windows))
            break
        x = torch.tensor([w], device=device)
        with torch.no_grad():
            logits = model(input_ids=x).logits.float()
        loss = torch.nn.functional.cross_entropy(logits[0, :-1], x[0, 1:], reduction="mean")
        nll.append(float(loss))
        if (i + 1) % max(1, len(windows) // 4) == 0 or i + 1 == len(windows):
            log("window", label=label_text(label), n=i + 1, total=len(windows), ppl=f"{math.exp(sum(nll) / len(nll)):.3f}")
    return nll


def evaluate_one(label, path, tok, windows, a, device, deadline, at_least=0):
    res = {"path": path, "loaded": False}
    t0 = time.monotonic()
    try:
        log("loading", label=label_text(label), path=path)
        model = load(path, a.dtype, device)
    except Exception as e:  # a model that does not load is a result, not a crash
        res["error"] = f"{type(e).__name__}: {e}".splitlines()[0][:500]
        log("no_load", label=label_text(label), error=res["error"])
        return res
    res.update(loaded=True, load_seconds=round(time.monotonic() - t0, 2), linear_classes=layer_classes(model))
    t2 = time.monotonic()
    res["window_nll"] = perplexity(model, windows, device, deadline, label, at_least)
    res["ppl_seconds"] = round(time.monotonic() - t2, 2)
    if a.canary_tokens > 0:
        t1 = time.monotonic()
        res["canary"] = canary(model, tok, device, a.canary_tokens)
        res["canary_seconds"] = round(time.monotonic() - t1, 2)
        log("canary", label=label_text(label), text=repr(res["canary"][0]["text"]))
    del model
    return res


# What makes two measurements of the same source comparable: a baseline measured under another
# context is measured again.
BASELINE_CONTEXT = ("versions", "device", "dtype", "text", "seq_len", "windows_requested", "windows_available",
                    "canary_prompts", "canary_tokens")


def read_baseline(path, context, source):
    """(the source's figures, None) from a usable baseline; (None, why) otherwise."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        src = doc["source"]
        if doc.get("context") != context:
            diff = sorted(k for k in BASELINE_CONTEXT if doc.get("context", {}).get(k) != context.get(k))
            return None, "measured with another " + ", ".join(diff)
        if not src.get("loaded") or len(src.get("window_nll", [])) < 2 or not all(isinstance(x, (int, float)) for x in src["window_nll"]):
            return None, "no figures"
        if os.path.realpath(src.get("path", "")) != os.path.realpath(source):
            return None, "another source path"
        return src, None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        return None, f"unreadable ({type(e).__name__})"


def write_atomic(path, text):
    with open(path + ".tmp", "w") as f:
        f.write(text + "\n")
    os.replace(path + ".tmp", path)


def prepare_environment():
    """What the libraries must see before they are imported."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    # Quark JIT-compiles its emulation kernels into torch's extension cache, keyed by name only:
    # a build from another environment (another amd-quark) there fails to rebuild here. One
    # cache per environment.
    if "TORCH_EXTENSIONS_DIR" not in os.environ:
        import hashlib
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        tag = hashlib.sha256(sys.prefix.encode()).hexdigest()[:12]
        os.environ["TORCH_EXTENSIONS_DIR"] = os.path.join(cache, "quark-ptq", "torch_extensions", tag)


def wait_for_go():
    """The libraries imported, then the arguments the go line carries; exits RELEASED otherwise.
    Whatever the imports print stays in the pipe until quark-ptq reads it at the go (a library's
    logging binds sys.stderr as it is at import, so it is not redirected here)."""
    prepare_environment()
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
        from transformers import AutoModelForCausalLM, AutoTokenizer  # noqa: F401
    except BaseException:  # it fails again after the go, where a direct start reports it
        pass
    line = sys.stdin.readline()
    if line.rstrip("\n") == "go":
        return []
    if not line.startswith("go "):
        sys.exit(RELEASED)
    try:
        args = json.loads(line[3:])
    except ValueError:
        sys.exit(RELEASED)
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        sys.exit(RELEASED)
    return args


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--text", required=True, help="held-out text: .jsonl with a text field, or .txt paragraphs")
    ap.add_argument("--windows", type=int, default=40)
    ap.add_argument("--seq-len", type=int, default=512)
    ap.add_argument("--canary-tokens", type=int, default=32)
    ap.add_argument("--budget-seconds", type=float, default=0, help="stop perplexity windows when exceeded (0: none)")
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("--device", default="auto")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--result-file", help="also write the JSON here (atomically)")
    ap.add_argument("--messages", default="{}", help="JSON: the progress lines' texts by key")
    ap.add_argument("--baseline", help="the source's figures from an earlier evaluation (its --baseline-out)")
    ap.add_argument("--baseline-out", help="write the source's figures here (atomically) when they were measured now")
    a = ap.parse_args()
    try:
        given = json.loads(a.messages)
        MESSAGES.update({k: v for k, v in given.items() if isinstance(k, str) and isinstance(v, str)})
    except (ValueError, AttributeError):
        pass
    prepare_environment()
    for p in (a.source, a.output, a.text):
        if not os.path.exists(p):
            log("missing", path=p)
            sys.exit(2)

    log("importing")
    import torch
    import transformers
    from transformers import AutoTokenizer
    if a.threads > 0:
        torch.set_num_threads(a.threads)
    device = a.device if a.device != "auto" else ("cuda" if torch.cuda.is_available() else "cpu")
    try:
        import importlib.metadata as md
        quark_version = md.version("amd-quark")
    except Exception:
        quark_version = None
    # The source's windows stop at 40 % of the budget, the quantized model's (same windows) at 90 %.
    source_deadline = START + 0.4 * a.budget_seconds if a.budget_seconds > 0 else None
    quantized_deadline = START + 0.9 * a.budget_seconds if a.budget_seconds > 0 else None

    tok = AutoTokenizer.from_pretrained(a.source)
    texts = read_texts(a.text)
    windows, total_tokens = windows_of(tok, texts, a.seq_len, a.windows)
    log("windows", paragraphs=len(texts), tokens=total_tokens, windows=len(windows), seq_len=a.seq_len, device=device)

    result = {
        "versions": {"torch": torch.__version__, "transformers": transformers.__version__, "amd_quark": quark_version},
        "device": device, "dtype": a.dtype, "threads": torch.get_num_threads(),
        "text": {"path": os.path.abspath(a.text), "paragraphs": len(texts), "tokens": total_tokens},
        "seq_len": a.seq_len, "windows_requested": a.windows, "windows_available": len(windows),
        "canary_prompts": PROMPTS, "canary_tokens": a.canary_tokens,
    }
    context = {k: result[k] for k in BASELINE_CONTEXT}
    src, why = read_baseline(a.baseline, context, a.source) if a.baseline else (None, None)
    if why is not None:
        result["baseline"] = "stale: " + why
        log("baseline_stale", why=why)
    if src is not None:
        result["baseline"] = "used"
        log("baseline_used", windows=len(src["window_nll"]))
    else:
        src = evaluate_one("source", a.source, tok, windows, a, device, source_deadline, at_least=2)
        if a.baseline_out and src.get("loaded") and len(src.get("window_nll", [])) >= 2:
            write_atomic(a.baseline_out, json.dumps({"context": context, "source": src}))
    done = len(src.get("window_nll", []))
    out = evaluate_one("quantized", a.output, tok, windows[:done], a, device, quantized_deadline, at_least=2)
    result["source"], result["quantized"] = src, out
    result["seconds"] = round(time.monotonic() - START, 2)
    log("done", seconds=result["seconds"])
    text = json.dumps(result)
    if a.result_file:
        write_atomic(a.result_file, text)
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--wait-for-go"]:
        sys.argv[1:] = wait_for_go()
        START = time.monotonic()
    main()
