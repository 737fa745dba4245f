# Issue 16 item 10: `--lang ja --help` was English. Every description, group name and usage
# word is Japanese (messages/help.ja.json); option names, value types and choices stay as typed.
# --lang=ja and LANG=ja_JP.UTF-8 give the same help; the column lines up with "必須" in it.
for cmd in "" analyze confirm plan prepare run accept followup start status verify env validate data "data stage" evaluate report mcp completion man; do
  echo "== quark-ptq --lang ja $cmd --help"
  quark-ptq --lang ja $cmd --help
done
[ "$(quark-ptq --lang=ja start --help)" = "$(quark-ptq --lang ja start --help)" ] || echo "--lang=ja differs"
[ "$(LANG=ja_JP.UTF-8 quark-ptq start --help)" = "$(quark-ptq --lang ja start --help)" ] || echo "LANG=ja_JP differs"
