set -u
quark-ptq analyze example-org/model --revision 'a b'
