set -u
quark-ptq analyze 'org/../name'
