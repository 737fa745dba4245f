set -u
quark-ptq analyze example-org/not-cached
