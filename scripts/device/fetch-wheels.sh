#!/usr/bin/env bash
# Download into .whl/ exactly the wheels the H200 device machine needs to run
# `quark-cli torch-llm-ptq` (python 3.12, manylinux x86_64, no network there).
#
# The device image already holds torch 2.11.0+cu130, accelerate, huggingface-hub, safetensors,
# tokenizers, numpy, pandas, pyarrow, scipy, timm, onnx, onnxruntime, onnxscript, onnx-ir,
# psutil, rich, sentencepiece, xxhash, ... (/work/.library/device/KINDS.md, image list of
# 2026-11-17). What it lacks, and what `quark-cli torch-llm-ptq` really imports (traced with
# sys.modules at exit of a full CLI run, docs/quark-facts.md), is listed below. Not brought,
# because torch-llm-ptq never imports them (they serve other quark-cli subcommands):
# pulp (16 MB), plotly (9.7 MB), py7zr + pybcj/pyppmd/inflate64/multivolumefile/texttable,
# pycryptodomex, onnxruntime_extensions, opencv-python (image has opencv-python-headless),
# langdetect, rouge_score.
# transformers is brought although the image has 5.17.0: amd-quark 0.13's [cli] extra pins
# transformers>5,<5.17, so the runs use 5.16.1 (the version proven here too).
#
# Versions come from python/requirements-quark.lock. Total ~30 MiB (the carried tree is capped
# at 64 MiB). Idempotent: wheels already in .whl/ are not downloaded again.
# Usage: scripts/device/fetch-wheels.sh [DEST]   (default: <repo>/.whl)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dest="${1:-$repo/.whl}"
lock="$repo/python/requirements-quark.lock"
py="${PYTHON:-python3}"

names=(
  amd-quark transformers datasets dill multiprocess evaluate gguf nltk onnxslim
  pydantic pydantic_core annotated-types typing-inspection
  zstandard backports.zstd brotli defusedxml immutabledict tzdata
)

pins=()
for n in "${names[@]}"; do
  # match the lock's spelling case-insensitively, treating - _ . alike; drop extras
  re="^$(echo "$n" | sed 's/[-_.]/[-_.]/g')(\[[a-z,]*\])?=="
  line="$(grep -i -E "$re" "$lock" | head -1 | sed -E 's/\[[a-z,]*\]//')"
  [ -n "$line" ] || { echo "fetch-wheels: $n not pinned in $lock" >&2; exit 1; }
  pins+=("$line")
done

mkdir -p "$dest"
"$py" -m pip download -q --no-deps --only-binary=:all: \
  --python-version 3.12 --implementation cp --abi cp312 --abi abi3 --abi none \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  --platform manylinux_2_24_x86_64 --platform manylinux_2_31_x86_64 \
  --platform manylinux_2_34_x86_64 --platform manylinux_2_35_x86_64 \
  --platform manylinux1_x86_64 --platform any \
  -d "$dest" "${pins[@]}"

# exactly one version per package (two stop the whole install on the device)
dupes="$(ls "$dest"/*.whl | xargs -n1 basename | cut -d- -f1 | tr 'A-Z' 'a-z' | sort | uniq -d)"
[ -z "$dupes" ] || { echo "fetch-wheels: several versions of: $dupes in $dest" >&2; exit 1; }
total=$(du -cb "$dest"/*.whl | tail -1 | cut -f1)
echo "fetch-wheels: $(ls "$dest"/*.whl | wc -l) wheels, $((total / 1024 / 1024)) MiB in $dest"
if [ "$total" -gt $((55 * 1024 * 1024)) ]; then
  echo "fetch-wheels: over the 55 MiB budget" >&2
  exit 1
fi
