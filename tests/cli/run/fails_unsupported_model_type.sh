# The fake quark-cli fails (unsupported_model_type): stop, diagnose, no retry; exit 9 with the diagnosis recorded.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=unsupported_model_type
quark-ptq --workdir wd run --approve "$DIGEST" > out.txt || echo "exit $?"
grep -E "^the run failed|^  (cause|smallest change):" out.txt
for k in run.status run.diagnosis.rule run.diagnosis.category run.diagnosis.return_to_checkpoint run.diagnosis.exit_code run.diagnosis.versions.transformers; do
  echo "$k: $(yaml_get wd/run_manifest.yaml $k)"
done
yaml_get wd/run_manifest.yaml run.diagnosis.error_text | sed -n 1p
[ "$(grep -c 'scenario unsupported_model_type' wd/logs/run-*.log)" = 1 ] && echo "ran once"
