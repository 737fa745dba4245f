set -u
echo '{}' > model.json
quark-ptq analyze ./model.json
