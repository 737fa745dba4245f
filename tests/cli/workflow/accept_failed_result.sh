. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --result failed
quark-ptq --workdir wd accept
