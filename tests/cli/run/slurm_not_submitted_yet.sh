# Issue 36: prepare --executor slurm records and binds a Slurm job, but this build cannot
# submit one yet. `run` with the approved digest refuses (exit 6, the executor and the way to
# run here named) and never falls back to running quark-cli on this (login) node.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" > /dev/null
mkdir bin && printf '#!/bin/sh\nexit 99\n' > bin/sbatch && chmod +x bin/sbatch
PATH="$PWD/bin:$PATH" quark-ptq --json --workdir wd prepare --output-dir "$PWD/out/tiny" --python "$PWD/venv/bin/python" \
  --executor slurm --partition gpu > prepared.json 2> /dev/null
digest=$(python3 -c 'import json; print(json.load(open("prepared.json"))["digest"])')
set +e
PATH="$PWD/bin:$PATH" quark-ptq --workdir wd run --approve "$digest" 2>&1 | sed "s|$PWD/||g"
echo "exit ${PIPESTATUS[0]}"
[ -e out ] && echo "output dir created" || echo "no output dir"
ls wd/logs 2>/dev/null | grep -c '^run-' || true
