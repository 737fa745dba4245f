. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3
quark-ptq --workdir wd accept
