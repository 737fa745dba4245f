# `plan` against the REAL pinned environment (.venv-quark: torch 2.11, transformers 5.16.1,
# amd-quark 0.13) on the published Phi-3-mini config alone: the analysis can only estimate
# the modules, the plan asks the model oracle and plans on what Quark will see - 129 nn.Linear
# modules (32 layers x fused qkv_proj, o_proj, fused gate_up_proj, down_proj, and lm_head),
# each with its in/out features. The second plan reads the oracle's answer from its cache.
py="$SRC/.venv-quark/bin/python"
if [ ! -x "$py" ]; then
  if [ -n "${CI:-}" ]; then echo "the pinned environment $py is missing (scripts/setup-quark-env.sh)" >&2; exit 99; fi
  echo "SKIP: no $py (run scripts/setup-quark-env.sh)"; exit 0
fi
set -e
export HF_HOME="$PWD/hf" XDG_CACHE_HOME="$PWD/cache"
# No progress lines: how many there are depends on the machine (tests/cli/plan/probe_progress.sh checks them).
export QPTQ_PROGRESS_SECONDS=0
quark-ptq --workdir wd analyze "$SRC/tests/fixtures/models/phi-3-mini-4k-instruct" > /dev/null
quark-ptq --workdir wd confirm analysis > /dev/null 2>&1
quark-ptq --workdir wd plan --python "$py" --target mi300x --scheme int4_wo_128 > plan.txt
grep '^  inventory: ' plan.txt
grep '^Modules: ' plan.txt
python3 - wd/quant_plan.json <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
m = plan["modules"]
print("source", m["source"], "total", m["total"], "quantized", m["quantized"])
print("versions", m["oracle"]["versions"]["transformers"], m["oracle"]["versions"]["amd-quark"])
print("\n".join(m["quantized_list"]))
print("renames", len(plan["checkpoint_names"]["renames"]), "holders", len(plan["checkpoint_names"]["non_linear_holders"]))
PY
cp wd/quant_plan.json first.json
echo "answers $(ls cache/quark-ptq/oracle/*.json | wc -l), codes $(ls cache/quark-ptq/oracle/*.json.mac | wc -l)"
# A fresh oracle run rewrites its cache file (atomically: a new inode); a cache hit does not.
before=$(stat -c %i cache/quark-ptq/oracle/*.json)
quark-ptq --workdir wd plan --python "$py" --target mi300x --scheme int4_wo_128 > /dev/null
cmp -s first.json wd/quant_plan.json && echo "same plan"
[ "$(stat -c %i cache/quark-ptq/oracle/*.json)" = "$before" ] && echo "the second plan read the oracle's answer from its cache"
quark-ptq validate wd/quant_plan.json
