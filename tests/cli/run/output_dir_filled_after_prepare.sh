# Issue 18 item 11: the output directory was empty at prepare and filled up afterwards: run
# refuses (exit 3) and leaves it as it is; nothing runs.
source "$SRC/tests/cli/run/lib.bash"
make_wd
mkdir out && echo keep > out/precious.txt
quark-ptq --workdir wd run --approve "$DIGEST" 2> err.txt || echo "exit $?"
sed 's#/[^ ]*/out #OUT #' err.txt
cat out/precious.txt
[ -d wd/logs ] && echo "logs created" || echo "no logs"
