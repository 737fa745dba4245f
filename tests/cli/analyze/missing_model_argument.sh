set -u
quark-ptq analyze
