# After every run report.html is in the workdir, made from the manifest the run recorded; the
# report command writes it again, elsewhere or in Japanese. The fake evaluator's "hostile"
# canary texts (<script>, quotes, ampersands, non-ASCII) arrive in the page as text.
source "$SRC/tests/cli/run/lib.bash"
echo '{"text": "held-out prose"}' > text.jsonl
make_wd --evaluator "$SRC/tests/fakes/evaluator-python" text.jsonl
FAKE_EVAL=hostile quark-ptq --workdir wd run --approve "$DIGEST" > run.txt 2> run.err || echo "run exit $?"
grep -E "^(evaluation|report):" run.txt
# The figures as the table shows them, and the manifest's.
grep -oE '<td data-field="(delta|threshold|canary)">[^<]*</td>|data-verdict="[a-z-]+">[^<]*<' wd/report.html
echo "manifest: delta $(yaml_get wd/run_manifest.yaml evaluation.perplexity.delta_pct) se $(yaml_get wd/run_manifest.yaml evaluation.perplexity.se_pct) verdict $(yaml_get wd/run_manifest.yaml evaluation.verdict)"
[ "$(grep -o '<td data-field="size" data-bytes="[0-9]*"' wd/report.html | grep -o '[0-9]*')" = "$(yaml_get wd/run_manifest.yaml result.metrics.weight_bytes)" ] && echo "size: the manifest's bytes"
echo "script elements: $(grep -c '<script' wd/report.html)"
grep -o '<td class="gen" data-model="fp8">[^<]*</td>' wd/report.html
grep -o '<td class="gen" data-model="source">[^<]*</td>' wd/report.html
# Again, in Japanese, somewhere else: the same figures.
quark-ptq --workdir wd --lang ja report --output ja.html
grep -oE '<html lang="[a-z]+">|<h1>[^<]*</h1>|<td data-field="delta">[^<]*</td>|data-verdict="[a-z-]+">[^<]*<' ja.html
quark-ptq --workdir wd report --json | python3 -c 'import json, sys; d = json.load(sys.stdin); print(list(d), d["report"].endswith("/wd/report.html"))'
