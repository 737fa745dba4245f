. "$SRC/tests/cli/workflow/lib.bash"
# Checkpoint names in Japanese sentences are Japanese (issue 16 item 10): they read
# "チェックポイント 1（analysis）" before: the English name inside the Japanese text.
mkwd wd --stage plan --through 0
quark-ptq --lang ja --workdir wd confirm plan 2>&1 | sed 's/sha256:[0-9a-f]*/sha256:.../' || true
quark-ptq --lang ja --workdir wd confirm analysis | grep "チェックポイント 1" | sed 's/sha256:[0-9a-f]*/sha256:.../'
quark-ptq --workdir wd confirm plan | grep "^Checkpoint 2" | sed 's/sha256:[0-9a-f]*/sha256:.../'
