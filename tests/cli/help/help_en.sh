# Issue 16 item 10: --help comes from messages/help.en.json. The English help of the top level
# and of every command is the one quark-ptq printed before (this file was written from that
# binary's output), with --lang en and from the locale (LANG=C.UTF-8).
for cmd in "" analyze confirm plan prepare run accept followup start status verify env validate data "data stage" evaluate report mcp completion man; do
  echo "== quark-ptq $cmd --help"
  quark-ptq $cmd --help
  [ "$(quark-ptq --lang en $cmd --help)" = "$(quark-ptq $cmd --help)" ] || echo "--lang en differs from the locale's English"
done
