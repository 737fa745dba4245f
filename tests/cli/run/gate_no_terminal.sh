# Without --approve and without a terminal there is nobody to ask: a refusal (exit 7).
source "$SRC/tests/cli/run/lib.bash"
make_wd
quark-ptq --workdir wd run < /dev/null || echo "exit $?"
[ -e out ] && echo "output dir created" || echo "no output dir"
