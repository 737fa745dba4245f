# The fake quark-cli succeeds: exit 0, verified result, manifest updated beside the unchanged command.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_RECORD="$PWD/record.json" --arg=--exclude_layers --arg=lm_head --arg=--dataset --arg="pileval"
before=$(yaml_get wd/run_manifest.yaml command.digest)
cp wd/run_manifest.yaml manifest.before
quark-ptq --workdir wd run --approve "$DIGEST"
echo "status: $(yaml_get wd/run_manifest.yaml run.status) / $(yaml_get wd/run_manifest.yaml result.status)"
after=$(yaml_get wd/run_manifest.yaml command.digest)
[ "$before" = "$after" ] && [ "$after" = "$DIGEST" ] && echo "command digest unchanged"
python3 -c "import yaml; a=yaml.safe_load(open('manifest.before'))['command']; b=yaml.safe_load(open('wd/run_manifest.yaml'))['command']; print('command block identical' if a == b else 'command block changed')"
# The child got exactly the recorded argv and the approved environment change.
python3 - <<'PY'
import json, yaml
rec = json.load(open("record.json"))
man = yaml.safe_load(open("wd/run_manifest.yaml"))
assert rec["argv"] == man["command"]["argv"], (rec["argv"], man["command"]["argv"])
assert "FAKE_QUARK_RECORD" in rec["env"]
print("argv intact")
PY
# Checkpoint 3 recorded with the digest; the log exists and holds the raw coloured output.
python3 -c "import json; c=json.load(open('wd/checkpoints.json'))['confirmations'][-1]; print(c['checkpoint'], c['decision'], c['digest'] == '$DIGEST')"
grep -c "QUARK-INFO" wd/logs/run-*.log > /dev/null && echo "log written"
quark-ptq validate wd/run_manifest.yaml > /dev/null && echo "manifest valid"
