. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --result success
quark-ptq --workdir wd followup "$(python3 -c 'print("x" * 2001)')"
