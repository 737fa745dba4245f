set -u
mkdir m && echo '[1, 2]' > m/config.json
quark-ptq analyze ./m
