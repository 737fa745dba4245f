# Issue 16 item 8: every command the tool suggests passes when pasted. A tiny Qwen2.5-VL (its
# tower is "visual.*"): --write-template wrote "*vision*", which matches none of its modules,
# and the tower fix repeated it (--exclude '*vision*' --exclude 'lm_head' --exclude 'visual.*'),
# so pasting the fix exited 8. Each suggestion below is pasted as printed.
source "$SRC/tests/cli/plan/lib.bash"
python3 "$SRC/tests/fixtures/models/tiny-qwen2.5-vl/make_model.py" m
quark-ptq analyze m >/dev/null
quark-ptq confirm analysis >/dev/null
plan() { quark-ptq plan --quark-version 0.13 --target mi300x "$@" 2>&1 >/dev/null; }
# paste: runs the command of the first "fix:" line on stdin as printed, as a user pasting it.
paste() {
  local fix
  fix=$(grep -m1 'fix:' | sed -e 's/.*fix: [^:]*: //')
  echo "pasted: $fix"
  eval "$fix" >/dev/null 2>err.txt
  echo "exit $?"
  cat err.txt
}
echo "--- no template: the fix names a command"
plan | paste
python3 -c "import json; print(json.load(open('quark_template_qwen2_5_vl.json'))['exclude_layers_name'])"
echo "--- the template with --exclude lm_head: the tower fix"
plan --template-file quark_template_qwen2_5_vl.json --exclude lm_head | paste
echo "--- a template with the old dead pattern: the fix leaves it out"
python3 - <<'PY'
import json
t = json.load(open("quark_template_qwen2_5_vl.json"))
t["exclude_layers_name"] = ["*vision*", "lm_head"]
json.dump(t, open("old_template.json", "w"))
PY
plan --template-file old_template.json | paste
