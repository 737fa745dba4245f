. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 2 --result success
quark-ptq --workdir wd accept
