#!/usr/bin/env python3
"""report.html in a real browser: Debian's headless Chromium renders the report of a real run
(the fake quark-cli and the fake evaluator's "hostile" measurement: a pass a little below the
source, whose canary texts hold <script>, quotes, ampersands and non-ASCII text), in English
and in Japanese. Fails when the screenshot is blank (one colour) or shows no chart, when a
script ran, or when a figure in the rendered DOM differs from run_manifest.yaml's: the
perplexity delta and its standard error, the threshold, the size, the canary agreement, the
verdict and quark-cli's time.

  report_in_chromium.py --binary BUILD/quark-ptq --source-dir REPO [--keep DIR]

Exit 77 (skipped) when no chromium is installed, unless CI is set: there a missing browser
is a failure (scripts/setup-deps.sh installs it). Python 3 standard library plus PyYAML
(python3-yaml, which the golden CLI tests use too).
"""
import argparse
import html.parser
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import yaml

SKIP = 77


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def find_browser():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run(argv, env=None, expect=0, timeout=60):
    p = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
    if p.returncode != expect:
        fail(f"{argv[0]} {' '.join(argv[1:4])}... exited {p.returncode}, expected {expect}\n{p.stdout}\n{p.stderr}")
    return p.stdout


def browser_argv(browser, profile):
    # No sandbox: CI runs as root in a container. A profile of its own, nothing fetched.
    return [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
            "--user-data-dir=" + profile]


# --- the screenshot --------------------------------------------------------------------------

def png_pixels(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        fail(f"{path}: PNG of depth {depth}, colour type {colour}, interlace {interlace} is not read here")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, bpp)])
        prev = line
    return width, height, rows


def check_screenshot(path):
    width, height, rows = png_pixels(path)
    counts = {}
    for row in rows:
        for px in row:
            counts[px] = counts.get(px, 0) + 1
    background, most = max(counts.items(), key=lambda kv: kv[1])
    drawn = 1 - most / (width * height)
    if len(counts) < 16 or drawn < 0.01:
        fail(f"{path} looks blank: {len(counts)} colours, {drawn:.1%} of the pixels differ from {background}")
    # The chart's pass point, the ring of the recommended one and the threshold line are drawn
    # in these exact colours: a chart that did not render lacks them.
    for name, rgb in (("the pass point (#2da44e)", (0x2d, 0xa4, 0x4e)), ("the recommended ring (#0969da)", (0x09, 0x69, 0xda)),
                      ("the threshold line (#cf222e)", (0xcf, 0x22, 0x2e))):
        if counts.get(rgb, 0) < 20:
            fail(f"{path}: {name} is not on the screenshot ({counts.get(rgb, 0)} pixels)")
    print(f"screenshot {width}x{height}: {len(counts)} colours, {drawn:.1%} drawn")


# --- the DOM ---------------------------------------------------------------------------------

class Dom(html.parser.HTMLParser):
    """The figures the report marks (data-field cells of each candidate's row), the canary
    cells, the title, <html lang> and every element name seen."""

    def __init__(self):
        super().__init__()
        self.lang = None
        self.title = ""
        self.cells = {}  # (candidate, field) -> {"text", "attrs"}
        self.canary = {}  # data-model -> text
        self.points = 0
        self.tags = set()
        self._row = None
        self._open = []  # (key, attrs, text parts) of cells being read

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.add(tag)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "tr" and "data-candidate" in a:
            self._row = a["data-candidate"]
        if tag == "g" and "point" in (a.get("class") or "").split():
            self.points += 1
        if tag in ("td", "th") and self._row is not None and "data-field" in a:
            self._open.append((("cell", self._row, a["data-field"]), a, []))
        elif tag == "td" and "data-model" in a:
            self._open.append((("canary", a["data-model"]), a, []))
        elif tag == "title" and not self.title:
            self._open.append((("title",), a, []))

    def handle_endtag(self, tag):
        if tag == "tr":
            self._row = None
        if tag in ("td", "th", "title") and self._open:
            key, attrs, parts = self._open.pop()
            text = "".join(parts)
            if key[0] == "cell":
                self.cells[key[1:]] = {"text": text, "attrs": attrs}
            elif key[0] == "canary":
                self.canary[key[1]] = text
            else:
                self.title = text

    def handle_data(self, data):
        for _, _, parts in self._open[-1:]:
            parts.append(data)


def check_dom(dom_text, manifest, lang, messages):
    dom = Dom()
    dom.feed(dom_text)
    if dom.lang != lang:
        fail(f"<html lang> is {dom.lang!r}, expected {lang!r}")
    if "script" in dom.tags:
        fail("the rendered page has a <script> element")
    if "pwned" in dom.title or not dom.title.startswith("quark-ptq"):
        fail(f"the title is {dom.title!r}: a script from a canary text ran")
    if dom.points != 1:
        fail(f"the chart has {dom.points} points, expected 1")
    ev = manifest["evaluation"]
    ppl = ev["perplexity"]
    scheme = "fp8"
    cell = lambda field: dom.cells.get((scheme, field)) or fail(f"no {field} cell for {scheme}")  # noqa: E731
    expected = {
        "delta": f"{ppl['delta_pct']:+.2f} ± {ppl['se_pct']:.2f} %",
        "threshold": f"{ppl['threshold_pct']:+.2f} %",
        "canary": f"{ev['canary']['token_agreement'] * 100:.1f} %",
        "time": f"{manifest['run']['seconds']:.0f} s",
        "verdict": messages["evaluate.status_" + ev["verdict"]],
    }
    for field, want in expected.items():
        got = cell(field)["text"]
        if got != want:
            fail(f"{lang}: the {field} cell reads {got!r}, the manifest says {want!r}")
    if cell("verdict")["attrs"].get("data-verdict") != ev["verdict"]:
        fail(f"{lang}: data-verdict is {cell('verdict')['attrs'].get('data-verdict')!r}, the manifest says {ev['verdict']!r}")
    if ev["verdict"] != "pass" or ppl["delta_pct"] >= 0:
        fail(f"the fake evaluator's hostile run should pass below the source: {ev['verdict']} {ppl['delta_pct']}")
    # The size: its bytes, and the number shown in its unit to the cent.
    size = cell("size")
    weight_bytes = manifest["result"]["metrics"]["weight_bytes"]
    if int(size["attrs"].get("data-bytes", -1)) != weight_bytes:
        fail(f"{lang}: data-bytes is {size['attrs'].get('data-bytes')}, the manifest says {weight_bytes}")
    number, unit = size["text"].split(" ")
    scale = {"KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3}[unit]
    if abs(float(number) * scale - weight_bytes) > 0.005 * scale:
        fail(f"{lang}: the size reads {size['text']}, the manifest says {weight_bytes} bytes")
    # Text from files arrives as text: the escaped page shows exactly what was generated.
    prompt = ev["canary"]["prompts"][0]
    if dom.canary.get("source") != prompt["source"] or dom.canary.get(scheme) != prompt["quantized"]:
        fail(f"{lang}: canary cells {dom.canary!r} differ from the manifest's {prompt['source']!r} / {prompt['quantized']!r}")
    print(f"{lang}: delta {expected['delta']}, size {size['text']}, verdict {expected['verdict']}, "
          f"time {expected['time']}, canary {expected['canary']} - as in the manifest")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--keep", help="leave the workdir, the pages and the screenshot here")
    a = ap.parse_args()
    browser = find_browser()
    if browser is None:
        if os.environ.get("CI"):
            fail("chromium is not installed (scripts/setup-deps.sh installs it); CI does not skip this test")
        print("SKIP: chromium is not installed (apt-get install chromium, or bash scripts/setup-deps.sh)")
        return SKIP
    src = os.path.abspath(a.source_dir)
    binary = os.path.abspath(a.binary)
    scratch = a.keep or tempfile.mkdtemp(prefix="qptq-report-")
    os.makedirs(scratch, exist_ok=True)
    try:
        os.chdir(scratch)
        with open("text.jsonl", "w") as f:
            f.write('{"text": "held-out prose"}\n')
        run([sys.executable, os.path.join(src, "tests/fakes/quark_model.py"), "source", "src"])
        digest = run([sys.executable, os.path.join(src, "tests/fixtures/verify/make_workdir.py"), "wd", "--model", "src",
                      "--output-dir", "out", "--evaluator", os.path.join(src, "tests/fakes/evaluator-python"),
                      "text.jsonl"]).strip()
        # As the golden CLI tests run the binary: no locale or Hub settings of the caller's, a
        # home of its own (the browser's profile and caches land there too).
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "HF_", "QPTQ"))}
        env.update({"LANG": "C.UTF-8", "NO_COLOR": "1", "HOME": scratch, "HF_HUB_OFFLINE": "1", "FAKE_EVAL": "hostile"})
        run([binary, "--workdir", "wd", "run", "--approve", digest], env=env)
        run([binary, "--workdir", "wd", "--lang", "ja", "report", "--output", "report-ja.html"], env=env)
        manifest = yaml.safe_load(open("wd/run_manifest.yaml"))
        profile = os.path.join(scratch, "profile")
        for lang, page in (("en", "wd/report.html"), ("ja", "report-ja.html")):
            url = "file://" + os.path.abspath(page)
            messages = json.load(open(os.path.join(src, f"messages/evaluate.{lang}.json")))
            dom = run(browser_argv(browser, profile) + ["--dump-dom", url], env=env)
            check_dom(dom, manifest, lang, messages)
        shot = os.path.join(scratch, "report.png")
        run(browser_argv(browser, profile) + ["--screenshot=" + shot, "--window-size=1280,2600",
                                              "file://" + os.path.abspath("wd/report.html")], env=env)
        check_screenshot(shot)
    finally:
        if not a.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    print("report.html renders in Chromium with the manifest's figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
