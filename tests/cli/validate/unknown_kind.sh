echo '{}' > notes.json
quark-ptq validate notes.json
