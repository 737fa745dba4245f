set -u
mkdir m && echo '{"hidden_size": 8}' > m/config.json
quark-ptq analyze ./m
