#!/usr/bin/env python3
"""Golden CLI tests of the real quark-ptq binary.

Each case is tests/cli/<suite>/<case>.sh, run by bash in a fresh scratch directory with:
  QPTQ      the binary under test (also first on PATH as `quark-ptq`)
  SRC       the repository root (fixtures live under $SRC/tests/fixtures)
and LANG=C.UTF-8, NO_COLOR=1, no terminal on stdin.

Expectations beside the case:
  <case>.sh.exit            expected exit status (default 0)
  <case>.sh.stdout.exact    stdout must equal this
  <case>.sh.stdout.glob     stdout must match: each line is an fnmatch pattern, a line "..."
                            skips any number of lines
  <case>.sh.stderr.exact / <case>.sh.stderr.glob   the same for stderr
A stream without an .exact or .glob file must be empty: nothing goes unchecked.
Run with --set-exact-output to (re)write the existing .exact files from the current output,
and with --write-missing to write an .exact file for each non-empty stream that has none
(read each one before committing it: an expectation that encodes a bug is a bug).
A case that exits 77 (without a .exit file saying 77) cannot run on this machine: it is
reported as SKIP with its stderr as the reason, and ctest counts it as skipped.
"""
import argparse
import fnmatch
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile


SKIP = 77  # a case that exits 77 was skipped (the reason on its stderr)


def glob_match(patterns, lines):
    """True when `lines` match `patterns` ('...' skips lines)."""
    def rec(pi, li):
        if pi == len(patterns):
            return li == len(lines)
        if patterns[pi] == "...":
            return any(rec(pi + 1, k) for k in range(li, len(lines) + 1))
        if li < len(lines) and fnmatch.fnmatchcase(lines[li], patterns[pi]):
            return rec(pi + 1, li + 1)
        return False
    return rec(0, 0)


def check_stream(case, name, actual, set_exact, write_missing):
    exact = pathlib.Path(f"{case}.{name}.exact")
    glob = pathlib.Path(f"{case}.{name}.glob")
    if set_exact and exact.exists():
        exact.write_text(actual)
        return []
    if not exact.exists() and not glob.exists():
        if actual and write_missing:
            exact.write_text(actual)
            return []
        if actual:
            return [f"{name} is not empty, and there is no {exact.name} or {glob.name}:\n{actual}"]
        return []
    if exact.exists() and exact.read_text() != actual:
        return [f"{name} differs from {exact.name}:\n--- expected\n{exact.read_text()}--- actual\n{actual}"]
    if glob.exists():
        patterns = glob.read_text().splitlines()
        if not glob_match(patterns, actual.splitlines()):
            return [f"{name} does not match {glob.name}:\n--- patterns\n{glob.read_text()}--- actual\n{actual}"]
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--set-exact-output", action="store_true")
    ap.add_argument("--write-missing", action="store_true")
    ap.add_argument("--timeout", type=float, default=110, help="seconds per case")
    ap.add_argument("cases", nargs="+")
    args = ap.parse_args()
    binary = os.path.abspath(args.binary)
    failures = 0
    skipped = 0
    for case in args.cases:
        case = os.path.abspath(case)
        scratch = tempfile.mkdtemp(prefix="qptq-cli-")
        bindir = os.path.join(scratch, ".bin")
        os.makedirs(bindir)
        os.symlink(binary, os.path.join(bindir, "quark-ptq"))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "HF_", "QPTQ"))}
        env.update({
            "QPTQ": binary, "SRC": os.path.abspath(args.source_dir), "LANG": "C.UTF-8",
            "NO_COLOR": "1", "HOME": scratch, "HF_HUB_OFFLINE": "1",
            "PATH": bindir + os.pathsep + env.get("PATH", ""),
        })
        proc = subprocess.run(["bash", case], cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=args.timeout)
        problems = []
        exit_file = pathlib.Path(case + ".exit")
        want = int(exit_file.read_text().strip()) if exit_file.exists() else 0
        if proc.returncode == SKIP and want != SKIP:
            # The case cannot run here (e.g. no way to mount a filesystem) and says why on
            # stderr; ctest reports it as skipped (SKIP_RETURN_CODE), never as passed.
            shutil.rmtree(scratch, ignore_errors=True)
            skipped += 1
            print(f"SKIP {case}: {proc.stderr.strip()}")
            continue
        if proc.returncode != want:
            problems.append(f"exit status {proc.returncode}, expected {want}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
        problems += check_stream(case, "stdout", proc.stdout, args.set_exact_output, args.write_missing)
        problems += check_stream(case, "stderr", proc.stderr, args.set_exact_output, args.write_missing)
        shutil.rmtree(scratch, ignore_errors=True)
        if problems:
            failures += 1
            print(f"FAIL {case}")
            for p in problems:
                print(p)
        else:
            print(f"ok   {case}")
    if failures:
        return 1
    return SKIP if skipped == len(args.cases) else 0


if __name__ == "__main__":
    sys.exit(main())
