# `analyze --python` against the REAL pinned environment (.venv-quark: torch 2.11,
# transformers 5.16.1, amd-quark 0.13) on the published Phi-3-mini config alone (no
# safetensors headers): without an environment the analysis can only estimate the modules
# from the config and the family layouts (method config_estimate, no inventory); with
# --python the model oracle answers and the inventory is what Quark will see - 129 nn.Linear
# modules (32 layers x fused qkv_proj, o_proj, fused gate_up_proj, down_proj, and lm_head),
# and the forward pass on the meta device runs.
py="$SRC/.venv-quark/bin/python"
if [ ! -x "$py" ]; then
  if [ -n "${CI:-}" ]; then echo "the pinned environment $py is missing (scripts/setup-quark-env.sh)" >&2; exit 99; fi
  echo "SKIP: no $py (run scripts/setup-quark-env.sh)"; exit 0
fi
set -e
export HF_HOME="$PWD/hf" XDG_CACHE_HOME="$PWD/cache"
# Only --python may lead to the environment: no active environment, no quark-cli on PATH.
unset VIRTUAL_ENV CONDA_PREFIX
export PATH="$(dirname "$QPTQ"):/usr/bin:/bin"
model="$SRC/tests/fixtures/models/phi-3-mini-4k-instruct"
show() {
  python3 - "$1" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
o, t = a["model_oracle"], a["quantization_targets"]
print("oracle", o["status"], o["versions"] or "-", "forward", (o["forward"] or {}).get("status", "-"))
print("reason", o["reason"] or "-")
print("method", t["method"], "linear", t["linear_layer_count"], "quantized", t["quantized_layer_count"])
print("inventory", a["inventory"]["source"] if a.get("inventory") else "-")
PY
}
quark-ptq --workdir plain analyze "$model" > /dev/null
show plain/model_analysis.json
quark-ptq --workdir wd analyze "$model" --python "$py" > analyze.txt
grep 'linear modules' analyze.txt
show wd/model_analysis.json
python3 - wd/model_analysis.json <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
names = sorted({g["name"] for g in a["inventory"]["groups"] if g.get("linear_modules")})
print("\n".join(names))
PY
# The answer is kept where plan reads it (by config digest and library versions).
echo "answers $(ls cache/quark-ptq/oracle/*.json | wc -l), codes $(ls cache/quark-ptq/oracle/*.json.mac | wc -l)"
quark-ptq validate wd/model_analysis.json
