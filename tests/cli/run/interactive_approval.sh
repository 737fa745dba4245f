# On a terminal: the full command is shown and the exact question asked; only the approval
# words run it. Driven through a pseudo-terminal.
source "$SRC/tests/cli/run/lib.bash"
make_wd
cat > pty_run.py <<'PY'
import os, pty, sys
answer, lang = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.execvp("quark-ptq", ["quark-ptq", "--workdir", "wd", "--lang", lang, "run"])
out = b""
sent = False
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
    if not sent and ("?".encode() in chunk or "？".encode() in chunk):
        os.write(fd, answer.encode() + b"\n")
        sent = True
_, status = os.waitpid(pid, 0)
text = out.decode(errors="replace")
for key in ("Shall I run this exact command?", "この正確なコマンドを実行してもよろしいですか？", "--no_trust_remote_code", "Output directory:", "出力ディレクトリ:"):
    if key in text:
        print("shown:", key)
print("exit", os.waitstatus_to_exitcode(status))
PY
python3 pty_run.py "no" en
[ -e out ] && echo "output dir created" || echo "no output dir"
python3 pty_run.py "  Run It " en
# The same command approved again: the approval stands (not recorded twice); Japanese prompt.
rm -rf out
python3 pty_run.py "実行" ja
python3 -c "import json; print([c['user_words'] for c in json.load(open('wd/checkpoints.json'))['confirmations'] if c['checkpoint'] == 3])"
