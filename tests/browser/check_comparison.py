#!/usr/bin/env python3
"""A comparison's checkpoint 4 checked against what its candidates recorded: the table that
`quark-ptq --json run` printed (RUN_JSON) and report.html, figure by figure, against each
candidate's run_manifest.yaml (candidates/NAME/), and the recommendation against the rule worked
out here again (the smallest candidate whose output verified and whose evaluation passed;
between sizes within 1 %, the faster quark-cli, then the earlier). With --browser, the page is
rendered in headless Chromium (Debian's chromium): its DOM must show every candidate's figures
as the manifests say, the recommended one marked, no script, and the screenshot must not be
blank.

  check_comparison.py WORKDIR [--run-json FILE] [--browser] [--expect-recommended NAME|none]

Exit 0 when everything agrees, 1 (with the first difference) otherwise. Python 3 standard library
plus PyYAML.
"""
import argparse
import json
import os
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report_in_chromium as chromium  # noqa: E402


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def candidates_of(wd):
    record = yaml.safe_load(open(os.path.join(wd, "comparison_manifest.yaml")))
    out = []
    for entry in record["candidates"]:
        path = os.path.join(wd, entry["workdir"], "run_manifest.yaml")
        out.append((entry["name"], yaml.safe_load(open(path))))
    return out


def passed(m):
    return ((m.get("run") or {}).get("status") == "succeeded" and (m.get("result") or {}).get("status") == "success"
            and (m.get("evaluation") or {}).get("verdict") == "pass")


def expected_recommendation(cands):
    best = None
    for i, (name, m) in enumerate(cands):
        if not passed(m):
            continue
        if best is None:
            best = i
            continue
        a, b = m, cands[best][1]
        sa, sb = a["result"]["metrics"].get("weight_bytes"), b["result"]["metrics"].get("weight_bytes")
        if abs(sa - sb) > 0.01 * max(sa, sb):
            if sa < sb:
                best = i
        elif a["run"]["seconds"] < b["run"]["seconds"]:
            best = i
    return None if best is None else cands[best][0]


def close(a, b):
    return (a is None and b is None) or (a is not None and b is not None and abs(a - b) <= 1e-9 * max(1, abs(b)))


def check_table(table, cands, recommended):
    rows = {r["name"]: r for r in table["candidates"]}
    if [r["name"] for r in table["candidates"]] != [n for n, _ in cands]:
        fail(f"the table lists {list(rows)}, the comparison {[n for n, _ in cands]}")
    for name, m in cands:
        r = rows[name]
        ev = m.get("evaluation") or {}
        ppl = ev.get("perplexity") or {}
        measured = ppl.get("status", "not-run") != "not-run" and ppl.get("windows", 0) > 0
        want = {
            "size_bytes": ((m.get("result") or {}).get("metrics") or {}).get("weight_bytes"),
            "delta_pct": ppl.get("delta_pct") if measured else None,
            "se_pct": ppl.get("se_pct") if measured else None,
            "quark_cli_seconds": (m.get("run") or {}).get("seconds"),
        }
        for key, value in want.items():
            if not close(r[key], value):
                fail(f"{name}: the table's {key} is {r[key]!r}, its manifest says {value!r}")
        if passed(m) and r["verdict"] != "pass":
            fail(f"{name}: the table says {r['verdict']}, its manifest says pass")
        if r["recommended"] != (name == recommended):
            fail(f"{name}: recommended is {r['recommended']} in the table, the rule says {recommended}")
    got = (table.get("recommendation") or {}).get("name")
    if got != recommended:
        fail(f"the table recommends {got}, the rule {recommended}")
    print(f"table: {len(cands)} candidates as their manifests say; recommended {recommended}")


def check_page(wd, cands, recommended, browser):
    page = os.path.join(wd, "report.html")
    text = open(page, encoding="utf-8").read()
    for name, _ in cands:
        if f'data-candidate="{name}"' not in text:
            fail(f"report.html has no row for {name}")
    if not browser:
        return
    path = chromium.find_browser()
    if path is None:
        fail("chromium is not installed (scripts/setup-deps.sh installs it)")
    profile = os.path.join(wd, ".chromium-profile")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "QPTQ"))}
    env.update({"LANG": "C.UTF-8", "HOME": wd})
    dom_text = chromium.run(chromium.browser_argv(path, profile) + ["--dump-dom", "file://" + os.path.abspath(page)], env=env)
    dom = chromium.Dom()
    dom.feed(dom_text)
    if "script" in dom.tags:
        fail("the rendered page has a <script> element")
    for name, m in cands:
        ev = m.get("evaluation") or {}
        ppl = ev.get("perplexity") or {}
        size = dom.cells.get((name, "size"))
        weight = ((m.get("result") or {}).get("metrics") or {}).get("weight_bytes")
        if weight is not None and (size is None or int(size["attrs"].get("data-bytes", -1)) != weight):
            fail(f"{name}: the page's size cell is {size}, the manifest says {weight} bytes")
        if ppl.get("status", "not-run") != "not-run" and ppl.get("windows", 0) > 0:
            want = f"{ppl['delta_pct']:+.2f} ± {ppl['se_pct']:.2f} %"
            got = (dom.cells.get((name, "delta")) or {}).get("text")
            if got != want:
                fail(f"{name}: the page's delta reads {got!r}, the manifest says {want!r}")
        verdict = dom.cells.get((name, "verdict"))
        if ev.get("verdict") and verdict is not None and verdict["attrs"].get("data-verdict") not in (ev["verdict"], None):
            fail(f"{name}: data-verdict {verdict['attrs'].get('data-verdict')!r}, the manifest says {ev['verdict']!r}")
    if recommended is not None and f'class="recommended"' not in dom_text:
        fail(f"the page does not mark the recommended point ({recommended})")
    shot = os.path.join(wd, "report.png")
    chromium.run(chromium.browser_argv(path, profile) + ["--screenshot=" + shot, "--window-size=1280,2600",
                                                       "file://" + os.path.abspath(page)], env=env)
    if recommended is not None:
        chromium.check_screenshot(shot)
    print(f"report.html renders in Chromium with every candidate's figures ({shot})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("workdir")
    ap.add_argument("--run-json", help="what `quark-ptq --json run` printed (default WORKDIR/run.json)")
    ap.add_argument("--browser", action="store_true")
    ap.add_argument("--expect-recommended", help="the candidate the test expects (none: no recommendation)")
    a = ap.parse_args()
    wd = os.path.abspath(a.workdir)
    cands = candidates_of(wd)
    recommended = expected_recommendation(cands)
    if a.expect_recommended is not None and (recommended or "none") != a.expect_recommended:
        fail(f"the rule recommends {recommended or 'none'} from the manifests, the test expects {a.expect_recommended}")
    # The source is measured once: every other evaluation used that baseline.
    measured = [n for n, m in cands if (m.get("evaluation") or {}).get("models") and
                ((m["evaluation"].get("environment") or {}).get("baseline") != "used")]
    evaluated = [n for n, m in cands if (m.get("evaluation") or {}).get("models")]
    if len(measured) > 1:
        fail(f"the source was measured by {measured}: once is enough (the baseline cache)")
    print(f"source measured {len(measured)} time(s) for {len(evaluated)} evaluation(s)")
    run_json = json.load(open(a.run_json or os.path.join(wd, "run.json")))
    check_table(run_json["table"], cands, recommended)
    check_page(wd, cands, recommended, a.browser)
    return 0


if __name__ == "__main__":
    sys.exit(main())
