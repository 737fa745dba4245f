set -u
mkdir -p m/config.json
quark-ptq analyze ./m
