# Issue 16 item 10: Japanese output showed the artifacts' English values ("実行: succeeded",
# "段階: quantizing", "解析状態 complete", "[high]"). Each value is now shown in Japanese;
# untranslated.py flags any known value left in English on a Japanese line.
source "$SRC/tests/cli/run/lib.bash"
check="python3 $SRC/tests/cli/workflow/untranslated.py"
cp -r "$SRC/tests/fixtures/models/deepseek-v3" model
quark-ptq --lang ja analyze model 2>&1 | $check
make_wd
quark-ptq --lang ja --workdir wd run --approve "$DIGEST" 2>/dev/null | $check
quark-ptq --lang ja --workdir wd status 2>&1 | $check
rm -rf wd out src
make_wd --env FAKE_QUARK_SCENARIO=oom
quark-ptq --lang ja --workdir wd run --approve "$DIGEST" 2>/dev/null | $check || true
