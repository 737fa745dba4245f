# Issue 36: prepare --executor slurm checks the environment as a short job step on the job's
# partition (srun with the job's resources). When srun cannot start the step - here a partition
# the cluster does not have; the stand-in srun answers as the real Slurm 22.05.8 did
# (tests/fixtures/slurm/srun-invalid-partition.stderr.txt; tests/slurm runs the real one) -
# prepare says so in one line naming the partition and what to do, exits 6 (env_not_ready) and
# leaves the manifest written before untouched. --preflight login is the way around it where
# the login node has the compute nodes' environment.
set -e
H=$SRC/tests/cli/prepare
python3 "$H/make_workdir.py" wd --model "$SRC/examples/tiny-llama" --fake-python venv \
  --probe "$SRC/tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json" --stage-pileval "$HOME" > /dev/null
mkdir bin
printf '#!/bin/sh\ncase "$1" in --test-only) echo "sbatch: Job 7 to start at 2026-12-07T12:00:00 using 8 processors on nodes gpu-node-7 in partition gpu" >&2; exit 0;; esac\nexit 99\n' > bin/sbatch
printf '#!/bin/sh\necho "gpu 2-00:00:00"\n' > bin/sinfo && chmod +x bin/sinfo
{
  printf '#!/bin/sh\ncat >&2 <<'"'"'END'"'"'\n'
  sed '$d' "$SRC/tests/fixtures/slurm/srun-invalid-partition.stderr.txt"
  printf 'END\nexit 1\n'
} > bin/srun
chmod +x bin/sbatch bin/srun
export PATH="$PWD/bin:$PATH"
prepare() { quark-ptq --lang "$1" --workdir wd prepare --output-dir "$PWD/out/tiny-fp8" --python "$PWD/venv/bin/python" --executor slurm "${@:2}"; }
prepare en --partition gpu --preflight login > /dev/null
echo "with --preflight login: $(python3 -c 'import yaml; print(yaml.safe_load(open("wd/run_manifest.yaml"))["executor"]["preflight"])')"
before=$(sha256sum wd/run_manifest.yaml)
set +e
prepare en --partition nope 2>&1 | sed "s|$PWD/||g"
echo "exit ${PIPESTATUS[0]}"
prepare ja --partition nope 2>&1 | sed "s|$PWD/||g"
echo "exit ${PIPESTATUS[0]}"
[ "$(sha256sum wd/run_manifest.yaml)" = "$before" ] && echo "run_manifest.yaml untouched"
ls wd
