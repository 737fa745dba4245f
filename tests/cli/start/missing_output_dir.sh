quark-ptq start /models/x
