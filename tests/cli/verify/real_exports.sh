# Exports captured from real quark-cli 0.13 runs on an H200 (names, dtypes, shapes, offsets,
# config.json as written; tensor bytes zeroed): each verifies against a plan made from its
# own command.
source "$SRC/tests/cli/verify/lib.bash"
for d in "$SRC"/tests/fixtures/verify/real/0.13-h200/*/; do
  run=$(basename "$d")
  python3 "$SRC/tests/fixtures/verify/materialize_export.py" "$d" "out/$run" "plan-$run.json"
  quark-ptq verify "out/$run" --plan "plan-$run.json" > "$run.txt" && echo "$run: success" || { echo "$run: exit $?"; grep -v "\[ok\]" "$run.txt"; }
done
