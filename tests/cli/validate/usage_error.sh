quark-ptq validate
