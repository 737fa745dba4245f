# --python that is not an executable: exit 3 with one line naming it.
quark-ptq env --python /nonexistent/bin/python
