# A failed run told in Japanese (issue 16 item 10): the category of the diagnosis, its cause and
# the smallest change in Japanese, the rule id only as the reference it is; then status shows
# the recorded diagnosis the same way and leads back to the checkpoint it names.
source "$SRC/tests/cli/run/lib.bash"
make_wd --env FAKE_QUARK_SCENARIO=oom
quark-ptq --lang ja --workdir wd run --approve "$DIGEST" > out.txt 2> err.txt || echo "exit $?"
grep -E "^実行に失敗|^  (原因|最小の変更):" out.txt
quark-ptq --lang ja --workdir wd status | sed -n '/^実行:/,$p'
