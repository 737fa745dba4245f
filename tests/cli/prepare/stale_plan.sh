# The plan changed after its confirmation: refused as stale (exit 5), nothing written.
set -e
python3 "$SRC/tests/cli/prepare/make_workdir.py" wd --model "$SRC/examples/tiny-llama"
sed -i 's/"fp8"/"int8"/' wd/quant_plan.json
quark-ptq --workdir wd prepare --output-dir "$PWD/out" || rc=$?
[ ! -e wd/run_manifest.yaml ] && echo "no manifest"
exit $rc
