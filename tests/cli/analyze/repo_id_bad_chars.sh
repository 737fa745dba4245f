set -u
quark-ptq analyze 'org/na me'
