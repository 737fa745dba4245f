. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage plan --through 1
quark-ptq --workdir wd confirm plan --set global_scheme=x
