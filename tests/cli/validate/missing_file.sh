quark-ptq --lang ja validate nothing-here.json
