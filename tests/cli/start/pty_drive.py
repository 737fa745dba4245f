#!/usr/bin/env python3
"""Drives an interactive command on a pseudo-terminal, like a person would.

  pty_drive.py [--timeout S] [--transcript FILE] [--eof] (--expect REGEX --send TEXT)... -- COMMAND ARGS...

Each --expect waits (up to --timeout seconds) until the terminal output so far matches
REGEX after the previous match, then types the paired --send text and Enter. After the
last pair, --eof types Ctrl-D (end of input: any further question gets no answer; typed again
every 0.3 s, since a program may discard type-ahead before it asks), and the
output is read to the end. The transcript (CR LF -> LF) is written to FILE or
stdout; the exit status is the command's (128+N when killed by signal N; 124 on a timeout).
"""
import argparse
import os
import pty
import re
import select
import sys
import time


def main():
    argv = sys.argv[1:]
    split = argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=15)
    ap.add_argument("--transcript")
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--send", action="append", default=[])
    ap.add_argument("--eof", action="store_true")
    args = ap.parse_args(argv[:split])
    command = argv[split + 1:]
    if len(args.expect) != len(args.send):
        ap.error("--expect and --send come in pairs")

    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)

    out = bytearray()
    pos = 0
    status = None

    def pump(deadline):
        nonlocal status
        r, _, _ = select.select([fd], [], [], max(0.0, min(0.2, deadline - time.time())))
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                return False
            out.extend(chunk)
        return True

    timed_out = False
    for pattern, text in zip(args.expect, args.send):
        deadline = time.time() + args.timeout
        rx = re.compile(pattern.encode("utf-8"))
        while True:
            m = rx.search(out, pos)
            if m:
                pos = m.end()
                os.write(fd, text.encode("utf-8") + b"\r")
                break
            if time.time() > deadline or not pump(deadline):
                timed_out = time.time() > deadline
                break
        if timed_out:
            break
    # End of input is typed again every 0.3 s until the command ends: a program that discards
    # type-ahead before asking (start does, at each checkpoint) would otherwise flush a single
    # Ctrl-D and wait for an answer until the timeout.
    deadline = time.time() + args.timeout
    next_eof = 0.0
    while not timed_out and time.time() < deadline:
        if args.eof and time.time() >= next_eof:
            os.write(fd, b"\x04")
            next_eof = time.time() + 0.3
        if not pump(min(deadline, next_eof) if args.eof else deadline):
            break
    if timed_out or time.time() >= deadline:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    if args.transcript:
        with open(args.transcript, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if timed_out:
        sys.stderr.write("pty_drive: timed out waiting for %r\n" % pattern)
        return 124
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main())
