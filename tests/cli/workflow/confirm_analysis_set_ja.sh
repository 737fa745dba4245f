. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage analysis --model-type mistral --partial
quark-ptq --workdir wd --lang ja confirm analysis --set model.model_type=llama --set 'quantization_targets.exclude_defaults=lm_head,*.gate' --set analysis_status=complete
rc=$?
jget wd/model_analysis.json 'd["model"]["model_type"], d["quantization_targets"]["exclude_defaults"], d["analysis_status"]' >&2
jget wd/checkpoints.json 'd["confirmations"][0]["corrections"]["model.model_type"]' >&2
quark-ptq --workdir wd status --json > st.json
jget st.json 'd["checkpoints"][0]["state"]' >&2
exit $rc
