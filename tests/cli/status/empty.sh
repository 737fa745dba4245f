quark-ptq status
