. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --through 3 --run failed-oom
quark-ptq --workdir wd status | sed -n '/^Run:/,$p'
