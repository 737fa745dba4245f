. "$SRC/tests/cli/workflow/lib.bash"
mkwd wd --stage analysis
quark-ptq --workdir wd confirm analysis --set model_type
