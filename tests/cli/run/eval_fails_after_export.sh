# The export succeeds, then evaluation fails: partial with the reason (exit 10), not a failed run.
source "$SRC/tests/cli/run/lib.bash"
make_wd --evaluate --env FAKE_QUARK_SCENARIO=eval_fails_after_export
quark-ptq --workdir wd run --approve "$DIGEST" > out.txt || echo "exit $?"
grep -E "^the run failed|evaluation failed|^verification:" out.txt
echo "$(yaml_get wd/run_manifest.yaml run.status) $(yaml_get wd/run_manifest.yaml run.diagnosis.rule) $(yaml_get wd/run_manifest.yaml run.diagnosis.return_to_checkpoint) $(yaml_get wd/run_manifest.yaml result.status)"
