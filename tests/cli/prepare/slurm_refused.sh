# Issue 36: prepare --executor slurm refuses, before anything is probed or written, a value
# sbatch could not carry or that would change what is submitted: a newline in --partition, a
# memory size or time limit sbatch does not read, an --sbatch-extra line that is not #SBATCH or
# that sets what quark-ptq sets itself, and Slurm options without --executor slurm.
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME"
printf 'echo hi\n' > not-directive.sbatch
printf '#SBATCH --qos=normal\n#SBATCH -p other\n' > clash.sbatch
printf '#SBATCH --array=1-4\n' > array.sbatch
try() {
  echo "--- $1"
  shift
  quark-ptq --workdir wd prepare --output-dir "$PWD/out/tiny-fp8" --python "$PWD/venv/bin/python" "$@" 2>&1
  echo "exit $?"
}
try "newline in --partition" --executor slurm --partition $'gpu\n#SBATCH --wrap=id'
try "bad --mem" --executor slurm --mem 64GB
try "bad --time-limit" --executor slurm --time-limit 1h
try "extra line not #SBATCH" --executor slurm --sbatch-extra not-directive.sbatch
try "extra line clashes" --executor slurm --sbatch-extra clash.sbatch
try "extra line --array" --executor slurm --sbatch-extra array.sbatch
printf 'hf_SECRETtokenVALUE\n' > token
try "a token file named as the extra lines: not quoted back" --executor slurm --sbatch-extra token | sed 's/hf_SECRET.*/(quoted!)/'
try "Slurm option, local executor" --partition gpu
try "unknown executor" --executor kubernetes
try "unknown preflight" --executor slurm --preflight compute-node
try "preflight, local executor" --preflight login
[ ! -e wd/run_manifest.yaml ] && echo "no manifest written"
