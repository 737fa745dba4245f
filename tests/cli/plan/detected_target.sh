# Without --target the GPU is detected from nvidia-smi (a fake one here).
source "$SRC/tests/cli/plan/lib.bash"
fixture llama-3.1-8b
mkdir bin
printf '#!/bin/sh\necho "NVIDIA H200"\necho "NVIDIA H200"\n' >bin/nvidia-smi
chmod +x bin/nvidia-smi
PATH="$PWD/bin:$PATH" quark-ptq --json plan --quark-version 0.13 >plan.out || exit 1
json_get quant_plan.json '["target"]'
