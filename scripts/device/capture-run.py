#!/usr/bin/env python3
"""Run one command (a `quark-cli torch-llm-ptq ...` invocation) and capture ground truth about it.

    capture-run.py RESULT_DIR [--output-dir QUARK_OUTPUT_DIR] [--gpu] -- COMMAND ARGS...

Writes into RESULT_DIR:
  command.json     argv, selected environment, cwd
  stdout.txt       the child's stdout, byte for byte
  stderr.txt       the child's stderr, byte for byte
  stderr.ts.tsv    "<seconds since start>\t<stream>\t<line>" for each line of either stream
                   (lines split on \n and \r, ANSI codes kept as in the raw files)
  exit_status      the exit status (negative: killed by that signal)
  timings.json     wall time, and the time between the CLI's milestone log lines (stages)
  gpu_mem.csv      nvidia-smi memory.used samples every second (--gpu), with peak in timings.json
  listing.txt      `size<TAB>relative path` of every file in QUARK_OUTPUT_DIR (if it exists)
  config.json      QUARK_OUTPUT_DIR/config.json (if present)
  headers/*.json   the JSON header of every *.safetensors file (8-byte length + header only)
Standard library only.
"""
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;]*m")
MILESTONES = [
    ("template", r"Registered custom template"),
    ("chdir", r"Working directory is now="),
    ("load_model", r"Loading model \.\.\."),
    ("tokenizer", r"Initializing tokenizer from"),
    ("load_dataset", r"Loading dataset \.\.\."),
    ("quantize", r"Start quantiz|Quantization config|\[QUARK-INFO\]: (Configuration checking start|In-place OPs replacement start)"),
    ("export", r"Exporting hugging face format safetensors"),
    ("evaluate", r"Evaluating \.\.\."),
    ("perplexity", r"Perplexity: "),
]


def read_safetensors_header(path: Path) -> dict:
    with path.open("rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        return json.loads(f.read(n))


def capture_output_dir(out_dir: Path, result: Path) -> None:
    if not out_dir.exists():
        (result / "listing.txt").write_text("(output directory does not exist)\n")
        return
    rows = []
    for p in sorted(out_dir.rglob("*")):
        if p.is_file():
            rows.append(f"{p.stat().st_size}\t{p.relative_to(out_dir)}")
    (result / "listing.txt").write_text("\n".join(rows) + "\n")
    if (out_dir / "config.json").exists():
        shutil.copy(out_dir / "config.json", result / "config.json")
    for extra in ("model.safetensors.index.json", "generation_config.json", "tokenizer_config.json"):
        if (out_dir / extra).exists():
            shutil.copy(out_dir / extra, result / extra)
    hdir = result / "headers"
    for st in sorted(out_dir.rglob("*.safetensors")):
        hdir.mkdir(exist_ok=True)
        hdr = read_safetensors_header(st)
        (hdir / (st.name + ".json")).write_text(json.dumps(hdr, indent=1, sort_keys=True) + "\n")


def gpu_sampler(path: Path, stop: threading.Event, samples: list) -> None:
    if not shutil.which("nvidia-smi"):
        return
    with path.open("w") as f:
        f.write("elapsed_s,memory.used [MiB]\n")
        t0 = time.time()
        while not stop.is_set():
            try:
                out = subprocess.run(
                    ["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits"],
                    capture_output=True, text=True, timeout=10,
                ).stdout.strip().splitlines()
                used = sum(int(x) for x in out if x.strip().isdigit())
                samples.append(used)
                f.write(f"{time.time() - t0:.1f},{used}\n")
                f.flush()
            except Exception:  # noqa: BLE001 - sampling is best effort
                pass
            stop.wait(1.0)


def pump(stream, raw_path: Path, name: str, t0: float, events: list, lock: threading.Lock) -> None:
    buf = b""
    with raw_path.open("wb") as raw:
        while True:
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            if not chunk:
                break
            raw.write(chunk)
            raw.flush()
            buf += chunk
            parts = re.split(rb"[\r\n]", buf)
            buf = parts.pop()
            now = time.time() - t0
            with lock:
                for p in parts:
                    if p:
                        events.append((now, name, p.decode("utf-8", "replace")))
        if buf:
            with lock:
                events.append((time.time() - t0, name, buf.decode("utf-8", "replace")))


def main() -> int:
    argv = sys.argv[1:]
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    sep = argv.index("--")
    opts, cmd = argv[:sep], argv[sep + 1 :]
    result = Path(opts[0])
    out_dir = None
    gpu = "--gpu" in opts
    if "--output-dir" in opts:
        out_dir = Path(opts[opts.index("--output-dir") + 1])
    timeout = None
    if "--timeout" in opts:
        timeout = float(opts[opts.index("--timeout") + 1])
    result.mkdir(parents=True, exist_ok=True)
    keep_env = {k: v for k, v in os.environ.items() if k.startswith(("HF_", "QUARK_", "CUDA_", "PYTORCH_", "COLUMNS", "TRANSFORMERS_"))}
    (result / "command.json").write_text(json.dumps({"argv": cmd, "env": keep_env, "cwd": os.getcwd()}, indent=1) + "\n")

    stop = threading.Event()
    samples: list = []
    sampler = threading.Thread(target=gpu_sampler, args=(result / "gpu_mem.csv", stop, samples), daemon=True)
    if gpu:
        sampler.start()
    t0 = time.time()
    events: list = []
    lock = threading.Lock()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    th = [
        threading.Thread(target=pump, args=(proc.stdout, result / "stdout.txt", "stdout", t0, events, lock)),
        threading.Thread(target=pump, args=(proc.stderr, result / "stderr.txt", "stderr", t0, events, lock)),
    ]
    for t in th:
        t.start()
    timed_out = False
    try:
        rc = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        proc.send_signal(signal.SIGTERM)
        try:
            rc = proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = proc.wait()
    for t in th:
        t.join()
    wall = time.time() - t0
    stop.set()
    if gpu:
        sampler.join(timeout=15)
    (result / "exit_status").write_text(f"{rc}\n")
    events.sort(key=lambda e: e[0])
    with (result / "stderr.ts.tsv").open("w") as f:
        for t, name, line in events:
            f.write(f"{t:.2f}\t{name}\t{line}\n")

    marks = []
    for t, name, line in events:
        plain = ANSI.sub("", line)
        for key, pat in MILESTONES:
            if re.search(pat, plain) and not any(m["stage"] == key for m in marks):
                marks.append({"stage": key, "t_s": round(t, 2), "stream": name, "line": plain.strip()})
    marks.sort(key=lambda m: m["t_s"])
    stages = []
    for i, m in enumerate(marks):
        end = marks[i + 1]["t_s"] if i + 1 < len(marks) else wall
        stages.append({"stage": m["stage"], "start_s": m["t_s"], "duration_s": round(end - m["t_s"], 2)})
    timing = {
        "wall_s": round(wall, 2),
        "exit_status": rc,
        "timed_out": timed_out,
        "startup_before_first_milestone_s": marks[0]["t_s"] if marks else None,
        "milestones": marks,
        "stages": stages,
    }
    if gpu and samples:
        timing["gpu_mem_peak_mib"] = max(samples)
        timing["gpu_mem_first_mib"] = samples[0]
    if out_dir is not None:
        capture_output_dir(out_dir, result)
    (result / "timings.json").write_text(json.dumps(timing, indent=1) + "\n")
    print(f"[capture-run] {result.name}: exit {rc} in {wall:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
