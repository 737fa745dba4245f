#!/usr/bin/env python3
"""`quark-ptq mcp` driven by a REAL MCP client: the Python `mcp` SDK from PyPI (pinned in
python/requirements-mcp-client.txt, installed by scripts/setup-mcp-client-env.sh; run.sh here
does both). Against the fake quark-cli (tests/fakes/quark-cli), it checks:

  * the whole flow, 2025-11-25 (initialize): analyze, checkpoint 1, plan, checkpoint 2, prepare,
    checkpoint 3 (run returns a handle at once, progress as notifications/progress, run_status
    polled to the end), verify and evaluate (the CLI's documents and exit codes), checkpoint 4;
    each checkpoint answered through elicitation as a person would, recorded with their words
    and via mcp-elicitation;
  * the agent approving on its own: a crafted argument, a client that cannot ask, a forged
    elicitation response sent ahead of the question, a 2026-07-28 retry with a forged
    requestState and inputResponses, an answer that is not an approval: each refused, nothing run;
  * malformed and oversized messages: clear JSON-RPC errors, and the server serves on;
  * cancellation mid-run by notifications/cancelled, by the cancel_run tool and by tasks/cancel
    (2026-07-28 tasks extension): quark-cli's process group is gone and run_manifest.yaml says
    the run was interrupted by SIGINT, as after Ctrl-C;
  * the 2026-07-28 era with the tasks extension: run is a task, polled with tasks/get.

Every line the server writes on stdout must be a JSON-RPC message. Prints one line per check and
"N passed, M failed"; exits 1 when a check failed.

  sdk_flow.py --binary build/quark-ptq --source-dir . [--work DIR]
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any, Literal

import anyio
import mcp_types as types
from mcp import Client
from mcp.client.extension import ClientExtension, ResultClaim
from mcp.shared.exceptions import MCPError

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from transport import Tap, TappedTransport  # noqa: E402

TASKS = "io.modelcontextprotocol/tasks"
SYSTEM_PYTHON = os.environ.get("QPTQ_SYSTEM_PYTHON") or shutil.which("python3") or "python3"
PASSED, FAILED = [], []


def check(name, cond, detail=""):
    (PASSED if cond else FAILED).append(name)
    print(("ok    " if cond else "FAIL  ") + name + ("" if cond else "   <- " + str(detail)[:600]), flush=True)
    return cond


# --- the person ---------------------------------------------------------------------------------

class Person:
    """Answers the server's questions as the person at the client would: reads the message and
    types an answer (a function of the message decides which)."""

    def __init__(self):
        self.asked = []
        self.answer = lambda message: ("accept", "yes")

    async def elicit(self, context, params):
        self.asked.append(params.message)
        action, words = self.answer(params.message)
        if action != "accept":
            return types.ElicitResult(action=action)
        return types.ElicitResult(action="accept", content={"answer": words})


# --- the tasks extension (2026-07-28): the client side, polling tasks/get ----------------------

class CreateTaskResult(types.Result):
    result_type: Literal["task"] = "task"
    task_id: str
    status: str
    model_config = {"extra": "allow"}


async def raw_request(client, method, params):
    """A request the SDK has no method for (tasks/get, tasks/cancel), stamped as the session
    stamps its own (protocol version and capabilities in _meta)."""
    data = {"method": method, "params": dict(params)}
    opts: dict[str, Any] = {}
    client.session._stamp(data, opts)
    return await client.session._dispatcher.send_raw_request(data["method"], data.get("params"), opts)


class Tasks(ClientExtension):
    identifier = TASKS

    def __init__(self):
        self.created = []      # CreateTaskResults as they came
        self.polls = []        # every tasks/get result

    def claims(self):
        return [ResultClaim(result_type="task", model=CreateTaskResult, resolve=self.resolve)]

    async def resolve(self, created, ctx):
        self.created.append(created.model_dump(by_alias=True))
        while True:
            task = await raw_request(self.client, "tasks/get", {"taskId": created.task_id})
            self.polls.append(task)
            if task["status"] == "completed":
                return types.CallToolResult.model_validate(task["result"])
            if task["status"] in ("cancelled", "failed"):
                return types.CallToolResult(content=[types.TextContent(type="text", text=task["status"])], is_error=True,
                                            structured_content={"task": task})
            await anyio.sleep(task.get("pollIntervalMs", 1000) / 1000 / 4)


# --- helpers ------------------------------------------------------------------------------------

def doc_of(r):
    code = (r.meta or {}).get("quark-ptq/exit_code")
    return r.structured_content, code, r.is_error


def decisions(wd):
    p = os.path.join(wd, "checkpoints.json")
    if not os.path.exists(p):
        return []
    return [(c["checkpoint"], c["decision"], c.get("user_words"), c.get("via")) for c in json.load(open(p))["confirmations"]]


def run_logs(wd):
    d = os.path.join(wd, "logs")
    return sorted(f for f in os.listdir(d) if f.startswith("run-")) if os.path.isdir(d) else []


def manifest(wd):
    """run_manifest.yaml as the YAML reader of the other tests reads it (the system python3's
    PyYAML, as tests/cli/run/lib.bash; the SDK's venv has no YAML library)."""
    out = subprocess.run([SYSTEM_PYTHON, "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
                          os.path.join(wd, "run_manifest.yaml")], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def group_gone(pgid):
    """No live process left in the process group (a zombie that no reaper collected yet is dead)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        state, _ppid, pgrp = stat[stat.rindex(")") + 2:].split()[:3]
        if int(pgrp) == pgid and state != "Z":
            return False
    return True


async def wait_for(predicate, timeout=60, step=0.1):
    with anyio.fail_after(timeout):
        while True:
            v = predicate()
            if v:
                return v
            await anyio.sleep(step)


async def poll_run(client, run_id, timeout=120):
    with anyio.fail_after(timeout):
        while True:
            r = await client.call_tool("run_status", {"run_id": run_id})
            doc, code, err = doc_of(r)
            if doc["state"] != "running":
                return doc, code, err
            await anyio.sleep(0.2)


class World:
    """The scratch directory: a model, a fake Python environment with the fake quark-cli, the
    server's environment."""

    def __init__(self, binary, src, work):
        self.bin, self.src, self.work = binary, src, work
        self.home = os.path.join(work, "home")
        os.makedirs(self.home, exist_ok=True)
        self.env = {"PATH": os.path.dirname(binary) + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"),
                    "HOME": self.home, "XDG_CACHE_HOME": os.path.join(work, ".cache"), "LANG": "C.UTF-8",
                    # Where make_workdir.py --stage-pileval puts pileval: prepare finds it cached
                    # (it would otherwise ask the Hub, which this machine may not reach).
                    "HF_HOME": os.path.join(self.home, ".cache", "huggingface"),
                    "FAKE_EVAL": "rise"}
        self.errlog = open(os.path.join(work, "server.stderr.log"), "a")

    def sh(self, *argv, env=None):
        return subprocess.run(argv, cwd=self.work, env=env or self.env, capture_output=True, text=True)

    def client(self, person=None, mode="legacy", extensions=None, tap=None):
        tap = tap or Tap()
        transport = TappedTransport([self.bin, "mcp"], self.env, self.work, self.errlog, tap)
        kw = {"mode": mode, "cache": None, "read_timeout_seconds": 120}
        if person is not None:
            kw["elicitation_callback"] = person.elicit
        if extensions:
            kw["extensions"] = extensions
        return Client(transport, **kw), tap

    def fixture_workdir(self, name, scenario="success", sleep="0"):
        """A workdir as steps 1-3 leave it (tests/fixtures/verify/make_workdir.py), whose command
        runs the fake quark-cli with FAKE_QUARK_SCENARIO."""
        base = os.path.join(self.work, name)
        os.makedirs(base)
        subprocess.run([sys.executable, os.path.join(self.src, "tests/fakes/quark_model.py"), "source", "src"], cwd=base, check=True,
                       env=self.env)
        digest = subprocess.run([sys.executable, os.path.join(self.src, "tests/fixtures/verify/make_workdir.py"), "wd", "--model", "src",
                                 "--output-dir", "out", "--env", "FAKE_QUARK_SCENARIO=" + scenario, "--env", "FAKE_QUARK_SLEEP=" + sleep],
                                cwd=base, check=True, capture_output=True, text=True, env=self.env).stdout.strip()
        return os.path.join(base, "wd"), os.path.join(base, "out"), digest


# --- the checks ---------------------------------------------------------------------------------

async def whole_flow(w: World):
    """2025-11-25: the four checkpoints with the person answering each, over the real client."""
    # The source model whose export the fake quark-cli writes (tests/fakes/quark_model.py), so
    # that the output verifies against it.
    subprocess.run([sys.executable, os.path.join(w.src, "tests/fakes/quark_model.py"), "source", "model"], cwd=w.work, check=True)
    subprocess.run([sys.executable, os.path.join(w.src, "tests/cli/prepare/make_workdir.py"), "scratch", "--model", "model", "--fake-python",
                    "venv", "--probe", os.path.join(w.src, "tests/fixtures/envprobe/probe/amd-mi300x.handwritten.json"),
                    "--stage-pileval", w.home], cwd=w.work, check=True, capture_output=True)
    shutil.rmtree(os.path.join(w.work, "scratch"))
    wd = os.path.join(w.work, "wd")
    out = os.path.join(w.work, "out", "tiny")
    person = Person()
    client, tap = w.client(person)
    async with client as c:
        tools = [t.name for t in (await c.list_tools()).tools]
        check("tools/list in the workflow's order, verify/evaluate/run_status/cancel_run among them",
              tools == ["status", "analyze", "confirm_analysis", "plan", "confirm_plan", "prepare", "run", "run_status", "cancel_run",
                        "verify", "evaluate", "accept", "followup"], tools)
        doc, code, err = doc_of(await c.call_tool("analyze", {"workdir": wd, "model": os.path.join(w.work, "model")}))
        check("analyze writes model_analysis.json", code == 0 and doc["artifact"] == "model_analysis", doc)

        person.answer = lambda m: ("accept", "yes")
        doc, code, err = doc_of(await c.call_tool("confirm_analysis", {"workdir": wd}))
        check("checkpoint 1: the person is asked and their 'yes' is recorded via mcp-elicitation",
              code == 0 and doc["confirmation"]["user_words"] == "yes" and doc["confirmation"]["via"] == "mcp-elicitation"
              and "checkpoint 1" in person.asked[-1], (doc, person.asked[-1:]))

        doc, code, err = doc_of(await c.call_tool("plan", {"workdir": wd, "quark_version": "0.13", "target": "mi300x"}))
        check("plan from the shipped Quark 0.13 facts", code == 0 and doc.get("artifact") == "quant_plan", doc)
        person.answer = lambda m: ("decline", None)
        doc, code, err = doc_of(await c.call_tool("confirm_plan", {"workdir": wd}))
        check("checkpoint 2 declined: not confirmed (exit 4), nothing recorded", err and code == 4 and len(decisions(wd)) == 1, (code, doc))
        person.answer = lambda m: ("accept", "確認")
        doc, code, err = doc_of(await c.call_tool("confirm_plan", {"workdir": wd}))
        check("checkpoint 2: the person's '確認' recorded", code == 0 and decisions(wd)[-1][:4] == (2, "confirmed", "確認", "mcp-elicitation"),
              decisions(wd))

        py = os.path.join(w.work, "venv/bin/python")
        doc, code, err = doc_of(await c.call_tool("prepare", {"workdir": wd, "output_dir": out, "python": py}))
        check("prepare writes the exact command", code == 0 and doc["ready"] is True and doc["digest"].startswith("sha256:"), doc)
        digest = doc["digest"]
        # The environment's quark-cli is the fake from here on (prepare checked the fake venv).
        qc = os.path.join(w.work, "venv/bin/quark-cli")
        with open(qc, "w") as f:
            # 2 s at each stage: the progress ticks (every second) see quantizing's bar.
            f.write("#!/bin/sh\nFAKE_QUARK_SLEEP=2 exec %s %s \"$@\"\n" % (sys.executable, os.path.join(w.src, "tests/fakes/quark-cli")))
        os.chmod(qc, 0o755)

        # --- the agent tries to approve on its own ---
        r = await c.call_tool("run", {"workdir": wd, "approve": digest})
        doc, code, err = doc_of(r)
        check("agent: an 'approve' argument is refused (exit 2), nothing run",
              err and code == 2 and doc["error"]["id"] == "mcp.argument_unknown" and run_logs(wd) == [], doc)
        r = await c.call_tool("run", {"workdir": wd, "user_words": "yes", "digest": digest})
        doc, code, err = doc_of(r)
        check("agent: 'user_words'/'digest' arguments are refused, nothing run", err and code == 2 and run_logs(wd) == [], doc)
        # A response to the elicitation the server has not sent yet: ignored, it answers nothing.
        await tap.send_raw(b'{"jsonrpc":"2.0","id":"quark-ptq-1","result":{"action":"accept","content":{"answer":"yes"}}}\n'
                           b'{"jsonrpc":"2.0","id":"quark-ptq-2","result":{"action":"accept","content":{"answer":"yes"}}}\n')
        person.answer = lambda m: ("decline", None)
        doc, code, err = doc_of(await c.call_tool("run", {"workdir": wd}))
        check("agent: forged elicitation responses sent ahead count for nothing; the person's decline refuses (exit 7)",
              err and code == 7 and doc["error"]["id"] == "run.declined" and run_logs(wd) == [] and not os.path.exists(out), doc)
        person.answer = lambda m: ("accept", "ok")
        doc, code, err = doc_of(await c.call_tool("run", {"workdir": wd}))
        check("'ok' is no approval of execution (exit 7), nothing run", err and code == 7 and run_logs(wd) == [], doc)
        shy, _ = w.client(None)
        async with shy as s:
            doc, code, err = doc_of(await s.call_tool("run", {"workdir": wd}))
            check("a client that cannot ask the person is refused (exit 7) and told how the person approves",
                  err and code == 7 and doc["error"]["id"] == "mcp.needs_person_run" and ("run --approve " + digest) in doc["error"]["message"]
                  and run_logs(wd) == [], doc)

        # --- checkpoint 3: the person approves; the run goes on after the handle ---
        person.answer = lambda m: ("accept", "yes")
        progress = []

        async def on_progress(p, total, message):
            progress.append(message)

        t0 = time.monotonic()
        r = await c.call_tool("run", {"workdir": wd}, progress_callback=on_progress)
        returned_after = time.monotonic() - t0
        doc, code, err = doc_of(r)
        shown = person.asked[-1]
        check("checkpoint 3: the person saw the exact command, destination, estimate, remote-code choice and digest",
              manifest(wd)["command"]["display"] in shown and out in shown and "GiB" in shown and "Remote code:" in shown and digest in shown,
              shown)
        check("run returns a handle at once (before quark-cli ends)", code == 0 and doc["state"] == "running" and doc["run_id"]
              and returned_after < 3.0, (returned_after, doc))
        check("the approval is recorded with the person's words, via mcp-elicitation",
              decisions(wd)[-1][:4] == (3, "approved", "yes", "mcp-elicitation"), decisions(wd))
        rid = doc["request_id"]
        final, fcode, ferr = await poll_run(c, doc["run_id"])
        check("run_status polled to the end: the run --json document, verified", fcode == 0 and final["state"] == "ended"
              and final["result"]["run"]["status"] == "succeeded" and final["result"]["result"]["status"] == "success", final)
        late = [n["params"] for n in tap.notifications if n["method"] == "notifications/progress" and n["params"]["progressToken"] == rid]
        check("progress as notifications/progress on the run request's token: stages, memory, the end",
              len(late) >= 3 and any("GiB" in p["message"] for p in late) and "ended" in late[-1]["message"]
              and [p["progress"] for p in late] == sorted(p["progress"] for p in late), [p["message"] for p in late])
        check("a percent was reported while quark-cli ran", any("%" in p["message"] for p in late), [p["message"] for p in late])

        # --- verify and evaluate: the CLI's documents, exit codes as structured errors ---
        doc, code, err = doc_of(await c.call_tool("verify", {"output_dir": "out/tiny", "plan": "wd/quant_plan.json"}))
        cli = json.loads(w.sh(w.bin, "--json", "verify", "out/tiny", "--plan", "wd/quant_plan.json").stdout)
        timeless = lambda d: {k: v for k, v in d.items() if k not in ("hash_seconds", "seconds")}  # noqa: E731
        check("verify (relative paths resolved as on the command line): the CLI's document", code == 0 and timeless(doc) == timeless(cli),
              json.dumps([doc, cli])[:600])
        doc, code, err = doc_of(await c.call_tool("verify", {"output_dir": "nowhere"}))
        check("verify of a missing path: bad input (exit 3), verify.path_missing", err and code == 3 and doc["error"]["id"] == "verify.path_missing", doc)
        with open(os.path.join(w.work, "heldout.jsonl"), "w") as f:
            f.write('{"text": "held-out prose"}\n')
        ev = os.path.join(w.src, "tests/fakes/evaluator-python")
        doc, code, err = doc_of(await c.call_tool("evaluate", {"workdir": wd, "output_dir": "out/tiny", "source": "model", "text": "heldout.jsonl",
                                                               "python": ev, "canary_tokens": 8}))
        cli_run = w.sh(w.bin, "--json", "evaluate", "out/tiny", "--source", "model", "--text", "heldout.jsonl", "--python", ev, "--canary-tokens", "8")
        cli = json.loads(cli_run.stdout)
        # The wall times differ between two runs (process_seconds by a tenth under load): not the document.
        timed = ("seconds", "process_seconds", "log")
        same = {k: v for k, v in doc.items() if k not in timed} == {k: v for k, v in cli.items() if k not in timed}
        check("evaluate: a failed verdict is isError with exit 12, as the CLI's, same document",
              err and code == 12 and cli_run.returncode == 12 and doc["verdict"] == "fail" and same, json.dumps([doc, cli])[:600])
        doc, code, err = doc_of(await c.call_tool("evaluate", {"workdir": wd, "output_dir": "out/tiny", "source": "model", "text": "none.jsonl"}))
        check("evaluate without its text: bad input (exit 3), evaluate.text_missing", err and code == 3 and doc["error"]["id"] == "evaluate.text_missing", doc)

        # --- checkpoint 4 ---
        person.answer = lambda m: ("accept", "ok")
        doc, code, err = doc_of(await c.call_tool("accept", {"workdir": wd}))
        check("checkpoint 4: the person's 'ok' accepts the result", code == 0 and decisions(wd)[-1][:4] == (4, "accepted", "ok", "mcp-elicitation"),
              (doc, decisions(wd)))

        # --- malformed and oversized messages; the server serves on ---
        await tap.send_raw(b"{not json\n")
        e = await tap.raw_reply()
        check("a line that is not JSON: -32700 with id null", e.get("id") is None and e["error"]["code"] == -32700, e)
        await tap.send_raw(b"\xff\xfe\x00garbage\n")
        e = await tap.raw_reply()
        check("bytes that are not UTF-8: -32700", e["error"]["code"] == -32700, e)
        await tap.send_raw(b'{"jsonrpc":"1.0","id":"raw-1","method":"ping"}\n', "raw-1")
        e = await tap.raw_reply()
        check("not JSON-RPC 2.0: -32600", e["error"]["code"] == -32600, e)
        await tap.send_raw(b'{"jsonrpc":"2.0","id":"raw-2","method":"no/such/method"}\n', "raw-2")
        e = await tap.raw_reply()
        check("an unknown method: -32601 naming it", e["id"] == "raw-2" and e["error"]["code"] == -32601 and "no/such/method" in e["error"]["message"], e)
        await tap.send_raw(b'{"jsonrpc":"2.0","id":"raw-3","method":"tools/call","params":{"name":"rm_rf"}}\n', "raw-3")
        e = await tap.raw_reply()
        check("an unknown tool: -32602", e["id"] == "raw-3" and e["error"]["code"] == -32602, e)
        big = b'{"jsonrpc":"2.0","id":"raw-4","method":"ping","params":{"pad":"' + b"a" * (5 << 20) + b'"}}\n'
        await tap.send_raw(big, "raw-4")
        e = await tap.raw_reply()
        check("a 5 MiB message: -32600 'message exceeds 4194304 bytes', not stored", e["error"]["code"] == -32600 and "exceeds" in e["error"]["message"], e)
        await c.send_ping()
        doc, code, err = doc_of(await c.call_tool("status", {"workdir": wd}))
        check("after all of that the server still serves (ping, status)", code == 0 and "next_action" in doc, doc)
    check("stdout carried nothing but JSON-RPC messages", tap.stdout_lines > 0 and tap.not_protocol == [], tap.not_protocol[:3])
    check("the server exited 0 at end of input", tap.process.returncode == 0, tap.process.returncode)


async def cancelled_run(w: World, c, tap, person, name, how):
    wd, out, digest = w.fixture_workdir(name, scenario="hang")
    person.answer = lambda m: ("accept", "yes")
    doc, code, err = doc_of(await c.call_tool("run", {"workdir": wd}))
    if not check(f"{how}: a hanging run started", code == 0 and doc.get("state") == "running", doc):
        return
    run_id, rid = doc["run_id"], doc["request_id"]
    pid = await wait_for(lambda: manifest(wd).get("run", {}).get("child_pid"))
    await wait_for(lambda: any("Loading dataset" in open(os.path.join(wd, "logs", f)).read() for f in run_logs(wd)))
    if how == "notifications/cancelled":
        await tap.send_raw((json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                        "params": {"requestId": rid, "reason": "the person changed their mind"}}) + "\n").encode())
    else:
        other, _, _ = w.fixture_workdir(name + "-second")
        asked = len(person.asked)
        d, code, err = doc_of(await c.call_tool("run", {"workdir": other}))
        check("a second run while one is going: refused (exit 3) before the person is asked",
              err and code == 3 and d["error"]["id"] == "mcp.run_in_progress" and len(person.asked) == asked and run_logs(other) == [], d)
        d, code, err = doc_of(await c.call_tool("cancel_run", {"run_id": run_id}))
        check("cancel_run answers at once with the run's status (cancel requested)", code == 0 and d["cancel_requested"] is True, d)
    final, fcode, ferr = await poll_run(c, run_id)
    m = manifest(wd)
    check(f"{how}: the run ends as cancelled, its document says interrupted by SIGINT (exit 130)",
          final["state"] == "cancelled" and final["result"]["run"]["status"] == "interrupted" and fcode == 130, (fcode, final))
    check(f"{how}: run_manifest.yaml is truthful (interrupted, by SIGINT, no result)",
          m["run"]["status"] == "interrupted" and m["run"].get("interrupted_by") == "SIGINT" and "result" not in m, m.get("run"))
    check(f"{how}: quark-cli's process group is gone", group_gone(pid), pid)


async def cancellations(w: World):
    """2025-11-25: notifications/cancelled for the run request, and the cancel_run tool."""
    person = Person()
    client, tap = w.client(person)
    async with client as c:
        await cancelled_run(w, c, tap, person, "cancel-notification", "notifications/cancelled")
        await cancelled_run(w, c, tap, person, "cancel-tool", "cancel_run")
        doc, code, err = doc_of(await c.call_tool("cancel_run", {"run_id": "0" * 32}))
        check("cancel_run of an unknown run: bad input (exit 3), nothing done", err and code == 3 and doc["error"]["id"] == "mcp.run_unknown", doc)


async def modern_with_tasks(w: World):
    """2026-07-28, the tasks extension declared: the approval by input_required (the SDK drives
    the retry), run as a task polled with tasks/get, a forged requestState refused, tasks/cancel."""
    person = Person()
    tasks = Tasks()
    client, tap = w.client(person, mode="2026-07-28", extensions=[tasks])
    async with client as c:
        tasks.client = c
        wd, out, digest = w.fixture_workdir("modern", sleep="1")
        r = await c.session.call_tool("run", {"workdir": wd}, input_responses={"approval": {"action": "accept", "content": {"answer": "yes"}}},
                                      request_state="f" * 32, allow_input_required=True)
        check("2026-07-28: a forged requestState with an answer counts for nothing (the question comes back), nothing run",
              isinstance(r, types.InputRequiredResult) and "approval" in (r.input_requests or {}) and run_logs(wd) == [], r)
        person.answer = lambda m: ("accept", "実行")
        r = await c.call_tool("run", {"workdir": wd})
        doc, code, err = doc_of(r)
        check("2026-07-28: the person's '実行' approves; run is a task (resultType task), completed with the run document",
              len(tasks.created) == 1 and tasks.created[0]["status"] == "working" and code == 0
              and doc["run"]["status"] == "succeeded" and decisions(wd)[-1][:4] == (3, "approved", "実行", "mcp-elicitation"),
              (tasks.created, doc))
        working = [p for p in tasks.polls if p["status"] == "working"]
        check("tasks/get while working carries the progress in statusMessage", working and all("GiB" in p["statusMessage"] for p in working),
              [p.get("statusMessage") for p in tasks.polls])

        wd2, out2, _ = w.fixture_workdir("modern-cancel", scenario="hang")
        person.answer = lambda m: ("accept", "yes")
        results = []

        async def call():
            results.append(await c.call_tool("run", {"workdir": wd2}))

        async with anyio.create_task_group() as tg:
            tg.start_soon(call)
            pid = await wait_for(lambda: manifest(wd2).get("run", {}).get("child_pid"))
            await wait_for(lambda: len(tasks.created) == 2)
            ack = await raw_request(c, "tasks/cancel", {"taskId": tasks.created[1]["taskId"]})
            check("tasks/cancel is acknowledged", ack.get("resultType") == "complete", ack)
        task = results[0].structured_content["task"]
        m = manifest(wd2)
        check("tasks/cancel: the task ends cancelled, the manifest says interrupted by SIGINT, the process group is gone",
              task["status"] == "cancelled" and m["run"]["status"] == "interrupted" and m["run"].get("interrupted_by") == "SIGINT"
              and group_gone(pid), (task, m.get("run")))
        try:
            await raw_request(c, "tasks/get", {"taskId": "0" * 32})
            check("tasks/get of an unknown task: -32602", False, "no error")
        except MCPError as e:
            check("tasks/get of an unknown task: -32602", e.error.code == -32602, e.error)
    legacy, _ = w.client(person)
    async with legacy as c:
        try:
            await raw_request(c, "tasks/get", {"taskId": "0" * 32})
            check("tasks/get without the extension declared: -32021", False, "no error")
        except MCPError as e:
            check("tasks/get without the extension declared: -32021", e.error.code == -32021, e.error)


async def main_async(a):
    w = World(os.path.abspath(a.binary), os.path.abspath(a.source_dir), a.work)
    for part in (whole_flow, cancellations, modern_with_tasks):
        try:
            await part(w)
        except Exception as e:  # a part that breaks is a failed check, and the others still run
            import traceback
            traceback.print_exc()
            check(f"{part.__name__} ran to its end", False, repr(e))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work")
    a = ap.parse_args()
    keep = a.work is not None
    a.work = os.path.abspath(a.work) if keep else tempfile.mkdtemp(prefix="mcp-sdk-")
    os.makedirs(a.work, exist_ok=True)
    import mcp
    print(f"mcp SDK {getattr(mcp, '__version__', '')}".strip(), "| work", a.work, flush=True)
    anyio.run(main_async, a)
    print(f"{len(PASSED)} passed, {len(FAILED)} failed")
    if FAILED:
        print("server stderr: " + os.path.join(a.work, "server.stderr.log"))
    elif not keep:
        shutil.rmtree(a.work, ignore_errors=True)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
