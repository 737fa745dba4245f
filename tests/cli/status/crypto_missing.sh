. "$SRC/tests/cli/workflow/lib.bash"
# Issue 13: without libcrypto (an empty file found first on LD_LIBRARY_PATH stands in for
# libcrypto.so.3) a command stops before it runs, with core.crypto_missing and exit 6, as
# every error is shown: the error prefix, the --lang language, the --json document. The
# first digest used to print a bare English line and exit from inside core (stdout empty in
# --json mode). --version needs no hashing and still answers.
mkwd wd --through 1
mkdir nolib && : > nolib/libcrypto.so.3
nolib() { LD_LIBRARY_PATH="$PWD/nolib" "$@"; }
nolib quark-ptq --version >/dev/null; echo "version: $?"
nolib quark-ptq --workdir wd status; echo "status: $?"
nolib quark-ptq --workdir wd --lang ja status; echo "status --lang ja: $?"
nolib quark-ptq --workdir wd --json status >doc.json; echo "status --json: $?"
jget doc.json 'd["error"]["id"], d["error"]["exit_code"]'
