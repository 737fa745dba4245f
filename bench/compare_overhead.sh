#!/usr/bin/env bash
# What a comparison costs beyond the work itself: wall(quark-ptq run of an N-candidate
# comparison) against the same work done bare, measured side by side in one run on SmolLM2-135M
# on this machine's CPU with the real quark-cli:
#   bare = each candidate's exact argv (from its run_manifest.yaml) run directly
#        + one evaluation that measures the source and the first output (knowledge/probes/
#          evaluate.py, as quark-ptq runs it) + each other output's evaluation on its own
#          against that baseline (evaluate.py --baseline)
# The comparison starts with an empty baseline cache, so it measures the source once too. The
# bare work runs once before and once after the comparison; the ratio is against their mean.
# Then each candidate's evaluator start-up, bare against inside the comparison: the seconds on
# the evaluator's own clock to its "windows" progress line (imports, tokenizer, held-out text),
# read from the bare evaluators' stderr and the comparison's evaluation logs. quark-ptq starts
# the evaluator beside quark-cli and its clock at the go, so the difference is what the person
# no longer waits for after quark-cli.
#   bench/compare_overhead.sh QUARK_PTQ [SCHEMES] [ALGO]
# SCHEMES default fp8,ptpc_fp8,int4_wo_128 (int4_wo_128 runs as int4_wo_64 on SmolLM2); ALGO
# default none (plain rounding; AWQ on a 2-core CPU takes minutes per candidate). Expects the
# environments, the model and the held-out text that scripts/smollm2-flow.sh expects.
set -euo pipefail
QPTQ=$(readlink -f "$1"); SCHEMES=${2:-fp8,ptpc_fp8,int4_wo_128}; ALGO=${3:-none}
SRC=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/qptq-compare-bench.XXXXXX); trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME=$work/cache HF_HOME=$work/hf HF_HUB_OFFLINE=1
quant_py=$SRC/.venv-quark-cpu/bin/python eval_py=$SRC/.venv-quark/bin/python
q() { "$QPTQ" --workdir "$work/wd" "$@"; }
q data stage "$SRC/.data/heldout/calibration.jsonl" --as pileval --python "$quant_py" > /dev/null
q analyze "$SRC/.models/smollm2-135m" > /dev/null
q confirm analysis > /dev/null
q plan --python "$quant_py" --target cpu --algo "$ALGO" --compare "$SCHEMES" --eval smoke \
  --eval-text "$SRC/.data/heldout/evaluation.jsonl" --calib-samples 16 --seq-len 128 > /dev/null 2>&1
q confirm plan > /dev/null
q prepare --output-dir "$work/out" --python "$quant_py" --eval-python "$eval_py" > /dev/null
digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open(sys.argv[1]))["digest"])' "$work/wd/comparison_manifest.yaml")
now() { date +%s.%N; }

# Bare: the same commands and evaluations, nothing around them; once before the comparison and
# once after it, so that neither side alone pays for cold caches.
bare() {
python3 - "$work" "$SRC" "$1" > "$work/$2" <<'PY'
import json, os, subprocess, sys, time, yaml
work, src, tag = sys.argv[1], sys.argv[2], sys.argv[3]
record = yaml.safe_load(open(os.path.join(work, "wd/comparison_manifest.yaml")))
script = open(os.path.join(src, "knowledge/probes/evaluate.py")).read()
baseline = os.path.join(work, f"bare-baseline-{tag}.json")
for i, c in enumerate(record["candidates"]):
    m = yaml.safe_load(open(os.path.join(work, "wd", c["workdir"], "run_manifest.yaml")))
    out = os.path.join(work, f"bare-out-{tag}", c["name"])
    argv = [out if a == m["outputs"]["output_dir"] else a for a in m["command"]["argv"]]
    env = dict(os.environ, **{e["name"]: e["value"] for e in m["command"].get("env_changes", [])})
    t0 = time.monotonic()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t1 = time.monotonic()
    ev, s = m["evaluator"], m["evaluator"]["settings"]
    cmd = [ev["python"], "-c", script, "--source", ev["source"], "--output", out, "--text", ev["text"], "--windows", str(s["windows"]),
           "--seq-len", str(s["seq_len"]), "--canary-tokens", str(s["canary_tokens"]), "--budget-seconds", str(int(s["budget_seconds"]))]
    cmd += ["--baseline-out", baseline] if i == 0 else ["--baseline", baseline]
    eenv = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    err = os.path.join(work, f"bare-eval-{tag}-{c['name']}.log")
    with open(err, "w") as f:
        subprocess.run(cmd, env=eenv, check=True, stdout=subprocess.DEVNULL, stderr=f, cwd="/")
    t2 = time.monotonic()
    print(f"{c['name']}\t{t1 - t0:.2f}\t{t2 - t1:.2f}\t{err}")
PY
rm -rf "$work/bare-out-$1"  # outputs are not kept between the passes
}
bare 1 bare1.tsv
t0=$(now)
rc=0; q --json run --approve "$digest" > "$work/run.json" 2> "$work/run.err" || rc=$?
t1=$(now)
bare 2 bare2.tsv
python3 - "$work" "$t0" "$t1" "$rc" <<'PY'
import json, os, re, sys, yaml
work, t0, t1, rc = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
# The line in English (quark-ptq passes its catalog's texts) or as the key (a bare start passes none).
WINDOWS = re.compile(r"evaluate: \[\s*([0-9.]+)s\] (.* windows of |windows )")
def startup(log):
    """Seconds on the evaluator's clock to its windows line (None when it has none)."""
    found = [float(m.group(1)) for m in map(WINDOWS.search, open(log, errors="replace").read().splitlines()) if m]
    return found[0] if found else None
passes = []
for name in ("bare1.tsv", "bare2.tsv"):
    rows = [line.split("\t") for line in open(os.path.join(work, name)).read().split("\n") if line]
    passes.append((sum(float(r[1]) for r in rows), sum(float(r[2]) for r in rows)))
bare_cli = sum(p[0] for p in passes) / len(passes)
bare_eval = sum(p[1] for p in passes) / len(passes)
bare = bare_cli + bare_eval
run = t1 - t0
record = yaml.safe_load(open(os.path.join(work, "wd/comparison_manifest.yaml")))
ours_cli = ours_eval = 0.0
ours_startup = {}
for c in record["candidates"]:
    m = yaml.safe_load(open(os.path.join(work, "wd", c["workdir"], "run_manifest.yaml")))
    ours_cli += m["run"]["seconds"]
    ev = m.get("evaluation") or {}
    ours_eval += ev.get("process_seconds", 0)
    ours_startup[c["name"]] = startup(ev["log"]) if ev.get("log") else None
print(f"candidates {len(rows)} ({', '.join(r[0] for r in rows)}), run exit {rc}")
print(f"bare, before: quark-cli {passes[0][0]:.1f} s + evaluations {passes[0][1]:.1f} s = {sum(passes[0]):.1f} s; "
      f"after: {passes[1][0]:.1f} s + {passes[1][1]:.1f} s = {sum(passes[1]):.1f} s")
print(f"bare, mean: quark-cli {bare_cli:.1f} s + evaluations {bare_eval:.1f} s = {bare:.1f} s")
print(f"quark-ptq run: {run:.1f} s (inside it: quark-cli {ours_cli:.1f} s, evaluations {ours_eval:.1f} s, "
      f"the rest {run - ours_cli - ours_eval:.1f} s)")
print(f"ratio {run / bare:.3f} (target <= 1.10)")
saved = []
for name, ours in ours_startup.items():
    bare_startups = [startup(r[3]) for p in ("bare1.tsv", "bare2.tsv")
                     for r in (line.split("\t") for line in open(os.path.join(work, p)).read().split("\n") if line) if r[0] == name]
    bare_startups = [b for b in bare_startups if b is not None]
    if not bare_startups or ours is None:
        print(f"evaluator start-up, {name}: not measured")
        continue
    mean = sum(bare_startups) / len(bare_startups)
    saved.append(mean - ours)
    print(f"evaluator start-up, {name}: bare {' / '.join(f'{b:.1f}' for b in bare_startups)} s (mean {mean:.1f}), "
          f"in quark-ptq run {ours:.1f} s after the go: {mean - ours:.1f} s not waited for")
if saved:
    print(f"evaluator start-up not waited for, mean per candidate: {sum(saved) / len(saved):.1f} s")
PY
