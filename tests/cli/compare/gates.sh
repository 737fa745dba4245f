# Checkpoint 3 of a comparison holds as a single run's does: without a terminal nothing runs
# (exit 7, the approve command shown); a digest that is not the comparison's is refused, even
# a candidate's own; a candidate manifest swapped for another self-consistent one, or an edited
# comparison_manifest.yaml (a candidate bound to another's digest), is no longer what was
# prepared (nothing runs); a candidates/ entry planted as a link is refused by prepare (exit 3)
# and nothing is written through it.
source "$SRC/tests/cli/compare/lib.bash"
compare_prepared || exit 1
quark-ptq --workdir wd run < /dev/null; echo "no terminal: exit $?"
fp8=$(python3 -c 'import yaml; print(yaml.safe_load(open("wd/comparison_manifest.yaml"))["candidates"][0]["command_digest"])')
quark-ptq --workdir wd run --approve "$fp8"; echo "a candidate's digest: exit $?"
echo "runs so far: $(run_logs)"
cp wd/candidates/fp8/run_manifest.yaml fp8.yaml
cp wd/candidates/int4_wo_128/run_manifest.yaml wd/candidates/fp8/run_manifest.yaml
quark-ptq --workdir wd run --approve "$DIGEST"; echo "swapped candidate manifest: exit $?"
quark-ptq --workdir wd status | sed -n 's/^Next: //p'
cp fp8.yaml wd/candidates/fp8/run_manifest.yaml
python3 - <<'PY'
import yaml
m = yaml.safe_load(open("wd/comparison_manifest.yaml"))
m["candidates"][1]["command_digest"] = m["candidates"][0]["command_digest"]  # int4 "approved" as fp8's
yaml.safe_dump(m, open("wd/comparison_manifest.yaml", "w"))
PY
quark-ptq --workdir wd run --approve "$DIGEST" 2>&1 | sed 's/ (.*): quark-ptq/ (...): quark-ptq/'; echo "edited comparison manifest: exit ${PIPESTATUS[0]}"
echo "runs so far: $(run_logs)"
mkdir elsewhere && rm -rf wd/candidates/fp8 && ln -s "$PWD/elsewhere" wd/candidates/fp8
quark-ptq --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" --eval-python "$PWD/evalpy" > /dev/null
echo "planted link: exit $?; written through it: $(ls elsewhere | wc -l)"
