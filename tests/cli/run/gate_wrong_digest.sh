# A wrong or stale digest is not an approval: exit 7, nothing created, nothing run.
source "$SRC/tests/cli/run/lib.bash"
make_wd
quark-ptq --workdir wd run --approve sha256:0000000000000000000000000000000000000000000000000000000000000000 || echo "exit $?"
[ -e out ] && echo "output dir created" || echo "no output dir"
[ -e wd/logs ] && echo "logs created" || echo "no logs"
python3 -c "import json; print(len(json.load(open('wd/checkpoints.json'))['confirmations']))"
