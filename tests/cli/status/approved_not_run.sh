. "$SRC/tests/cli/workflow/lib.bash"
# Issue 18 item 8: approved but not run yet: the next step is `run --approve DIGEST`, so the
# command that digest approves is shown with it (text), and given beside it (--json).
mkwd wd --through 3
quark-ptq --workdir wd status | sed -n '/^The exact command/,/^  HIP/p; /^Next:/,$p'
quark-ptq --workdir wd status --json | python3 -c "import json,sys; n=json.load(sys.stdin)['next_action']; print(n['id']); print(n['approves'])"
