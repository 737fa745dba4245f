#!/usr/bin/env bash
# Monitoring overhead: wall(quark-ptq run) / wall(bare child) for the same command, and the CPU
# quark-ptq itself used while monitoring (run.monitor in the manifest). The child is the fake
# quark-cli keeping one core busy for SECONDS and redrawing a tqdm bar every 10 ms.
#   bench/monitor_overhead.sh QUARK_PTQ [SECONDS] [REPEATS]
set -euo pipefail
QPTQ=$(readlink -f "$1"); SECS=${2:-20}; REPEATS=${3:-2}
SRC=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; cd "$work"
python3 "$SRC/tests/fakes/quark_model.py" source src
now() { date +%s.%N; }
for r in $(seq "$REPEATS"); do
  rm -rf wd out
  digest=$(python3 "$SRC/tests/fixtures/verify/make_workdir.py" wd --model src --output-dir out --env FAKE_QUARK_BUSY_SECONDS="$SECS")
  mapfile -t argv < <(python3 -c "import json; print('\n'.join(json.load(open('wd/run_manifest.yaml'))['command']['argv']))")
  t0=$(now); FAKE_QUARK_BUSY_SECONDS=$SECS "${argv[@]}" > bare.out 2> bare.err; t1=$(now)
  rm -rf out
  t2=$(now); "$QPTQ" --workdir wd --json run --approve "$digest" > run.json 2> run.err; t3=$(now)
  python3 - "$t0" "$t1" "$t2" "$t3" <<'PY'
import json, sys
t0, t1, t2, t3 = map(float, sys.argv[1:])
r = json.load(open("run.json"))["run"]
bare, mon = t1 - t0, t3 - t2
print(f"bare {bare:.3f} s, quark-ptq run {mon:.3f} s (child {r['seconds']} s), ratio {mon / bare:.4f}, "
      f"monitor cpu {r['monitor']['cpu_seconds']} s ({100 * r['monitor']['cpu_fraction_of_wall']:.3f} % of wall), "
      f"samples {r['monitor']['samples']}, gpu tool {r['peak']['gpu_tool']}, peak gpu {r['peak']['gpu_memory_mib']} MiB, "
      f"baseline {r['peak']['gpu_baseline_mib']} MiB")
PY
done
