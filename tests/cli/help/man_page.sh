# `quark-ptq man` is a manual page groff reads without a warning (-ww; -k converts the UTF-8 as
# man does; -Wbreak: Japanese has no spaces to break lines at), in both languages, and
# it cannot drift from the binary: every command of `quark-ptq --help` has its section, every
# option of `plan --help` is in it with its help text, and every exit code of
# docs/exit-codes.md is listed.
for lang in en ja; do
  quark-ptq --lang $lang man > quark-ptq.$lang.1 || exit 1
  warnings=$(groff -k -man -Tutf8 -ww -Wbreak -z quark-ptq.$lang.1 2>&1)
  [ -z "$warnings" ] && echo "$lang: groff reads it without a warning" || echo "$lang: $warnings"
done
quark-ptq --lang en man > quark-ptq.1
groff -k -man -Tutf8 -P-cbou -rLL=200n quark-ptq.1 2> /dev/null > rendered.txt
quark-ptq --help > top_help.txt
quark-ptq plan --help > plan_help.txt
python3 - "$SRC/docs/exit-codes.md" <<'PY'
import re, sys
page = open("quark-ptq.1").read()
rendered = open("rendered.txt").read()
commands = re.findall(r"^  (\w+) {2,}", open("top_help.txt").read().split("Subcommands:")[1], re.M)
missing = [c for c in commands if f'.SS "quark\\-ptq {c}"' not in page]
print(f"{len(commands)} commands, sections missing: {missing}")
flags = re.findall(r"^  (--[\w-]+)", open("plan_help.txt").read(), re.M)
missing = [f for f in flags if f not in rendered]
print(f"{len(flags)} plan options, missing from the page: {missing}")
codes = re.findall(r"^\| (\d+) \|", open(sys.argv[1]).read(), re.M)
exit_section = rendered.split("EXIT STATUS")[1].split("ENVIRONMENT")[0]
listed = re.findall(r"^\s+(\d+)\s{2,}\S", exit_section, re.M)
print(f"exit codes of docs/exit-codes.md listed: {listed == codes} ({' '.join(listed)})")
print("priority help:", [l.strip() for l in rendered.splitlines() if "(default: balanced)" in l][:1])
PY
