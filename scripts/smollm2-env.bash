# Sourced by scripts/smollm2-flow.sh and scripts/smollm2-compare.sh (not run on its own): where
# SmolLM2, the held-out text and the Python environments are, and which of them quantizes here.
# Expects $repo. Sets eval_py (.venv-quark: evaluates), quant_py (.venv-quark-cpu and target
# (--target cpu) when the host has no GPU, else .venv-quark and no target), model, text.
has_gpu() {
  { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU; } ||
    { command -v amd-smi >/dev/null && amd-smi list 2>/dev/null | grep -qi gpu; } ||
    { command -v rocm-smi >/dev/null && rocm-smi --showproductname 2>/dev/null | grep -qi 'card series'; }
}
eval_py=$repo/.venv-quark/bin/python
if has_gpu; then quant_py=$eval_py; target=(); else quant_py=$repo/.venv-quark-cpu/bin/python; target=(--target cpu); fi
model=$repo/.models/smollm2-135m
text=$repo/.data/heldout
