# Shared by the flows through the real one-node cluster (run_flow.sh, compare_flow.sh; sourced,
# with $src the source tree): Slurm's and munge's programs must be there (exit 77, ctest's
# skip, where they are not, unless CI is set), then a cluster of its own in a fresh $work,
# stopped and removed at exit, its environment exported, $HOME inside $work.
PATH=$PATH:/usr/sbin:/sbin
for p in munged slurmctld slurmd sbatch srun squeue sacct sstat scontrol scancel; do
  if ! command -v "$p" > /dev/null; then
    if [ -n "${CI:-}" ] && [ "${CI}" != false ] && [ "${CI}" != 0 ]; then
      echo "$(basename "$0"): $p not found (Debian packages slurm-wlm and munge: scripts/setup-deps.sh)" >&2
      exit 1
    fi
    echo "$(basename "$0"): skipped: $p not found" >&2
    exit 77
  fi
done

work=$(mktemp -d)
cleanup() {
  bash "$src/scripts/slurm/cluster.sh" stop "$work/cluster" > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
bash "$src/scripts/slurm/cluster.sh" start "$work/cluster" $$ > /dev/null
export "$(bash "$src/scripts/slurm/cluster.sh" env "$work/cluster")"
export HOME=$work/home
mkdir -p "$HOME"
