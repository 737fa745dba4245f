# The whole pre-gate flow on the bundled model against the REAL pinned environment
# (python/requirements-quark.txt, built by scripts/setup-quark-env.sh): the real `datasets`
# stages the corpus, the real Quark is probed for the plan, the real torch/Quark environment
# is checked by prepare. On a host without a GPU (CI), amd-quark 0.13 cannot quantize, so the
# verdict must say so before the gate and `run` must refuse; nothing may be created outside
# the workdir. (On a GPU host, scripts/device/e2e-h200.sh runs the same flow to the end.)
py="$SRC/.venv-quark/bin/python"
if [ ! -x "$py" ]; then
  if [ -n "${CI:-}" ]; then echo "the pinned environment $py is missing (scripts/setup-quark-env.sh)" >&2; exit 99; fi
  echo "SKIP: no $py (run scripts/setup-quark-env.sh)"; exit 0
fi
set -e
export HF_HOME="$PWD/hf" XDG_CACHE_HOME="$PWD/cache"
# No progress lines: how many there are depends on the machine (tests/cli/plan/probe_progress.sh checks them).
export QPTQ_PROGRESS_SECONDS=0
quark-ptq data stage "$SRC/tests/fixtures/quark/corpus/corpus.jsonl" --as pileval --python "$py" > stage.txt
quark-ptq --workdir wd analyze "$SRC/examples/tiny-llama" > /dev/null
quark-ptq --workdir wd confirm analysis > /dev/null
quark-ptq --workdir wd plan --python "$py" --target h200 --calib-samples 32 --seq-len 128 > plan.txt
grep -q "Quark 0.13 probed in $py" plan.txt && echo "plan probed the installed Quark 0.13"
quark-ptq --workdir wd confirm plan > /dev/null
# Everything the gate protects: the scratch dir outside the workdir (output dir, HF cache),
# the model directory, and the pinned environment itself.
mkdir snap
snapshot() { find "$PWD" "$SRC/examples/tiny-llama" "$SRC/.venv-quark/lib" \( -path "$PWD/wd" -o -path "$PWD/snap" -o -name '*.txt' -o -name prepare.json \) -prune -o \( -type f -printf '%p %s %T@\n' \) -o -printf '%p\n' 2>/dev/null | sort; }
snapshot > snap/before
set +e
quark-ptq --workdir wd --json prepare --output-dir "$PWD/out" --python "$py" > prepare.json 2> prepare.txt
echo "prepare exit $?"
python3 - "$PWD" <<'PY'
import json, os, sys, yaml
wd = os.path.join(sys.argv[1], "wd")
m = yaml.safe_load(open(os.path.join(wd, "run_manifest.yaml")))
argv = m["command"]["argv"]
print("argv head", os.path.basename(argv[0]), argv[1])
print("model_dir", argv[argv.index("--model_dir") + 1] == os.path.join(os.environ["SRC"], "examples/tiny-llama"))
print("no_trust_remote_code", "--no_trust_remote_code" in argv)
env = m["environment"]
print("quark", env.get("packages", {}).get("amd-quark") or env.get("python", {}).get("packages", {}).get("amd-quark"))
print("ready", env["verdict"]["ready"])
print("blocking", " ".join(sorted(p["code"] for p in env["verdict"]["problems"] if p["severity"] == "blocking")))
data = {d["role"]: d["status"] for d in env.get("data", [])}
print("calibration data", data.get("calibration"))
print("output dir created", os.path.exists(os.path.join(sys.argv[1], "out")))
PY
digest=$(python3 -c 'import sys,yaml; print(yaml.safe_load(open("wd/run_manifest.yaml"))["command"]["digest"])')
quark-ptq --workdir wd run --approve "$digest" 2> run.txt
echo "run exit $?"
snapshot > snap/after
echo "paths changed outside the workdir: $(diff snap/before snap/after | grep -c '^[<>]')"
quark-ptq --workdir wd validate wd/run_manifest.yaml
