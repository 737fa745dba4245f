quark-ptq --json start /models/x --output-dir out
