set -u
quark-ptq analyze ./no-such-model
