. "$SRC/tests/cli/workflow/lib.bash"
# The approved argv was edited by hand (digest left alone): the manifest is invalid and the
# approval no longer holds.
mkwd wd --through 3
python3 -c "
import json; p='wd/run_manifest.yaml'; d=json.load(open(p))
d['command']['argv'].remove('--no_trust_remote_code'); json.dump(d, open(p,'w'))"
quark-ptq --workdir wd --lang ja status
