# With evaluation, the perplexity printed by quark-cli lands in the result's metrics.
source "$SRC/tests/cli/run/lib.bash"
make_wd --evaluate
quark-ptq --workdir wd run --approve "$DIGEST" | grep -E "perplexity|^verification"
echo "$(yaml_get wd/run_manifest.yaml result.metrics.perplexity) $(yaml_get wd/run_manifest.yaml run.stages.4.name)"
