. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage analysis --model-type mistral --partial
# A key that changes nothing in the plan (analysis_status) or is misspelt is refused with the
# correctable keys, and nothing is recorded.
quark-ptq --workdir wd --lang ja confirm analysis --set analysis_status=complete || echo "refused: exit $?" >&2
quark-ptq --workdir wd --lang ja confirm analysis --set model.bogus.key=1 || echo "refused: exit $?" >&2
test -e wd/checkpoints.json || echo "nothing recorded" >&2
quark-ptq --workdir wd --lang ja confirm analysis --set model.model_type=llama --set 'quantization_targets.exclude_defaults=lm_head,*.gate'
rc=$?
jget wd/model_analysis.json 'd["model"]["model_type"], d["quantization_targets"]["exclude_defaults"], d["quantization_targets"]["exclude_defaults_source"]' >&2
jget wd/checkpoints.json 'd["confirmations"][0]["corrections"]["model.model_type"]' >&2
quark-ptq --workdir wd status --json > st.json
jget st.json 'd["checkpoints"][0]["state"]' >&2
exit $rc
