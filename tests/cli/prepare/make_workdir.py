#!/usr/bin/env python3
"""Test helper (not a case): write a confirmed workdir for `quark-ptq prepare` golden tests.

    make_workdir.py WORKDIR --model MODEL [--confirm none|analysis|plan] [--set KEY=JSON ...]
                    [--fake-python DIR --probe FIXTURE] [--stage-pileval HOME]

Digests are computed here independently of the C++ code: sha256 of the canonical JSON (keys
sorted, no spaces, UTF-8), without "requires_confirmation" for artifacts.
"""
import argparse
import hashlib
import json
import os
import stat
import sys


def digest(doc):
    doc = {k: v for k, v in doc.items() if k != "requires_confirmation"}
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("workdir")
    ap.add_argument("--model", required=True)
    ap.add_argument("--confirm", default="plan", choices=["none", "analysis", "plan"])
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--fake-python")
    ap.add_argument("--probe")
    ap.add_argument("--stage-pileval")
    ap.add_argument("--tokenizer-auto-map", action="append", default=[],
                    help="a class the analysis found in tokenizer_config.json auto_map (custom tokenizer code)")
    ap.add_argument("--config-auto-map", action="append", default=[],
                    help="a 'KEY: module.Class' entry the analysis found in config.json auto_map")
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    analysis = {"artifact": "model_analysis", "schema_version": 1, "analysis_status": "complete",
                "model": {"model_path": a.model, "model_type": "llama"},
                "architecture": {"hidden_size": 128, "intermediate_size": 256, "num_hidden_layers": 2,
                                 "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 512},
                "quantization_targets": {"linear_layer_count": 14, "exclude_defaults": ["lm_head"]},
                "risks": []}
    if a.tokenizer_auto_map or a.config_auto_map:
        analysis["model"]["remote_code"] = {"auto_map": [e.split(":")[0] for e in a.config_auto_map],
                                            "transformers_implements_model_type": True, "required": False,
                                            "tokenizer_auto_map": a.tokenizer_auto_map, "config_auto_map": a.config_auto_map}
    plan = {"artifact": "quant_plan", "schema_version": 1,
            "model": {"model_type": "llama", "analysis_ref": "model_analysis.json"},
            "analysis_digest": digest(analysis),
            "global_scheme": "fp8", "kv_cache_scheme": None, "exclude_layers": ["lm_head"],
            "exclude_source": "template_default", "layer_quant_config": {}, "algorithm": None,
            "calibration": {"dataset": "pileval", "num_calib_data": 16, "seq_len": 64, "batch_size": 1},
            "evaluation_intent": "none", "device_strategy": "single", "trust_remote_code": False,
            "requires_confirmation": False}
    for kv in a.set:
        key, value = kv.split("=", 1)
        plan[key] = json.loads(value)
    with open(os.path.join(a.workdir, "model_analysis.json"), "w", encoding="utf-8") as f:
        json.dump(analysis, f, ensure_ascii=False, indent=2)
    with open(os.path.join(a.workdir, "quant_plan.json"), "w", encoding="utf-8") as f:
        json.dump(plan, f, ensure_ascii=False, indent=2)
    confirmations = []
    if a.confirm in ("analysis", "plan"):
        confirmations.append({"checkpoint": 1, "name": "analysis", "reason": "", "decision": "confirmed",
                              "digest": digest(analysis), "confirmed_at": "2026-11-29T00:00:00Z", "user_words": "yes"})
    if a.confirm == "plan":
        confirmations.append({"checkpoint": 2, "name": "plan", "reason": "", "decision": "confirmed",
                              "digest": digest(plan), "confirmed_at": "2026-11-29T00:00:00Z", "user_words": "yes"})
    if confirmations:
        with open(os.path.join(a.workdir, "checkpoints.json"), "w", encoding="utf-8") as f:
            json.dump({"artifact": "checkpoints", "schema_version": 1, "confirmations": confirmations}, f, indent=2)
    if a.fake_python:
        bindir = os.path.join(a.fake_python, "bin")
        os.makedirs(bindir, exist_ok=True)
        py = os.path.join(bindir, "python")
        with open(py, "w") as f:
            # The evaluation readiness check (knowledge/probes/eval_ready.py) gets "ready"; anything
            # else the recorded environment probe; in a Slurm job step (prepare's preflight) with
            # where it ran added, as the real probe reports SLURM_JOB_ID and SLURMD_NODENAME.
            f.write("#!/bin/sh\ncase \"$*\" in *quark-ptq-eval-ready*) echo '{\"probe\": \"quark-ptq-eval-ready\", \"ready\": true, \"why\": \"\"}'; exit 0;; esac\n"
                    "if [ -n \"$SLURM_JOB_ID\" ]; then exec python3 -c 'import json, os, sys; d = json.load(open(sys.argv[1])); "
                    "d.setdefault(\"variables\", {}).update(SLURM_JOB_ID=os.environ[\"SLURM_JOB_ID\"], SLURMD_NODENAME=os.environ.get(\"SLURMD_NODENAME\")); "
                    "print(json.dumps(d))' '%s'; fi\n"
                    "exec cat '%s'\n" % (os.path.abspath(a.probe), os.path.abspath(a.probe)))
        with open(os.path.join(bindir, "quark-cli"), "w") as f:
            f.write("#!%s\n" % py)
        for p in (py, os.path.join(bindir, "quark-cli")):
            os.chmod(p, os.stat(p).st_mode | stat.S_IXUSR)
    if a.stage_pileval:
        d = os.path.join(a.stage_pileval, ".cache/huggingface/datasets/mit-han-lab___pile-val-backup/default/0.0.0/0123abcd")
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "dataset_info.json"), "w").write("{}")
        open(os.path.join(d, "pile-val-backup-validation.arrow"), "w").write("x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
