# No held-out text: one clear line, exit 3, nothing run.
mkdir -p src out
quark-ptq evaluate --source src out --text nowhere.jsonl
