# Issue 18: --approve takes the digest as pasted in any case, prefix or not; "SHA256:ABC..."
# is the same digest, never echoed as "sha256:SHA256:..." and refused.
source "$SRC/tests/cli/run/lib.bash"
make_wd
hex=${DIGEST#sha256:}
wrong=$([ "${hex:0:1}" = 0 ] && echo 1 || echo 0)${hex:1}
{ quark-ptq --workdir wd run --approve "sha256:$wrong" 2>&1 || true; } | grep -o "sha256:[A-Za-z0-9:]*" | sed 's/[0-9a-f]\{64\}/HEX/'
{ quark-ptq --workdir wd run --approve "SHA256:$wrong" 2>&1 || true; } | grep -o "sha256:[A-Za-z0-9:]*" | sed 's/[0-9a-f]\{64\}/HEX/'
quark-ptq --workdir wd run --approve " SHA256:${hex^^}" > run.txt 2> run.err || echo "exit $?"
yaml_get wd/run_manifest.yaml run.status
python3 -c "import json; print([c['decision'] for c in json.load(open('wd/checkpoints.json'))['confirmations']])"
