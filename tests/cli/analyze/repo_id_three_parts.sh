set -u
quark-ptq analyze 'a/b/c'
