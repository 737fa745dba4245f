# The comparison in Japanese: checkpoint 3's question for both commands, the table's headings,
# verdicts and recommendation, and the next step.
source "$SRC/tests/cli/compare/lib.bash"
compare_planned || exit 1
quark-ptq --lang ja --workdir wd prepare --output-dir "$PWD/out" --python "$PWD/venv/bin/python" --eval-python "$PWD/evalpy" > prepare.txt || exit 1
grep -E "^(比較のステップ|候補|合計|チェックポイント 3)" prepare.txt
digest=$(sed -n 's/^digest: //p' wd/comparison_manifest.yaml)
quark-ptq --lang ja --workdir wd run --approve "$digest" 2> /dev/null | sed -n '/^チェックポイント 4: /,$p' | sed -E 's|/tmp/[^ ]*/model|MODEL|; s/[0-9.]+ KiB/S KiB/g; s/^  -[- ]+$/  RULE/; s/  +/|/g' | cut -d'|' -f1-6
