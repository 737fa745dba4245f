set -u
mkdir m
quark-ptq analyze ./m
