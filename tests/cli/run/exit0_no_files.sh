# quark-cli exits 0 but writes nothing: verification says failed (exit 10), never success.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=exit0_no_files
quark-ptq --workdir wd run --approve "$DIGEST" > out.txt || echo "exit $?"
grep "^verification:" out.txt
echo "$(yaml_get wd/run_manifest.yaml run.status) $(yaml_get wd/run_manifest.yaml run.exit_code) $(yaml_get wd/run_manifest.yaml result.status)"
