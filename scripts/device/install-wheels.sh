#!/usr/bin/env bash
# Run ON the device machine (no network): install the wheels that scripts/device/fetch-wheels.sh
# put in .whl/ into a target directory (default /tmp/site) without touching the image's own
# site-packages, then check that `quark-cli` imports.
#   source scripts/device/install-wheels.sh [WHEEL_DIR] [TARGET]
# After sourcing: PYTHONPATH has TARGET first, PATH has TARGET/bin (where quark-cli lands).
# The image's packages (torch, accelerate, pyarrow, pandas, ...) are used as they are;
# TARGET shadows only what it holds (e.g. transformers 5.16.1 over the image's 5.17.0).
whl_dir="${1:-.whl}"
target="${2:-/tmp/site}"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target "$target" "$whl_dir"/*.whl || return 1 2>/dev/null || exit 1
export PYTHONPATH="$target${PYTHONPATH:+:$PYTHONPATH}"
export PATH="$target/bin:$PATH"
# pip --target writes console scripts with the installing interpreter in their shebang; fine here.
python3 - <<'EOF'
import importlib.metadata as md
for d in ("amd-quark", "transformers", "datasets", "torch", "accelerate", "pyarrow", "pandas", "fsspec",
          "huggingface_hub", "tokenizers", "safetensors", "numpy", "onnx", "onnxruntime"):
    try:
        print(f"install-wheels: {d}=={md.version(d)}")
    except md.PackageNotFoundError:
        print(f"install-wheels: {d} MISSING")
EOF
