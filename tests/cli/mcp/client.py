#!/usr/bin/env python3
"""A scripted MCP client for the golden tests (not a case itself): starts the real
`quark-ptq mcp` as a child, speaks JSON-RPC 2.0 one message per line, and answers the
server's elicitation/create requests as a person would (a callback decides). Every line the
server writes on stdout is checked to be a JSON-RPC message: stdout carries only protocol.
"""
import json
import os
import select
import subprocess
import sys

LEGACY = "2025-11-25"
MODERN = "2026-07-28"


class ProtocolError(Exception):
    pass


class Client:
    def __init__(self, args=(), elicitation=False, answer=None, stderr=None):
        self.proc = subprocess.Popen(["quark-ptq", *args, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr if stderr is not None else subprocess.DEVNULL)
        self.next_id = 1
        self.elicitation = elicitation
        self.answer = answer          # callable(params) -> ElicitResult dict
        self.asked = []               # the elicitation/create params the server sent
        self.notifications = []
        self.lines = 0

    # --- transport ---
    def send(self, msg):
        self.proc.stdin.write((json.dumps(msg, ensure_ascii=False) + "\n").encode())
        self.proc.stdin.flush()

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read(self, timeout=60):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            raise ProtocolError("no message from the server within %ss" % timeout)
        line = self.proc.stdout.readline()
        if not line:
            raise ProtocolError("the server closed stdout")
        self.lines += 1
        try:
            msg = json.loads(line)
        except ValueError:
            raise ProtocolError("stdout carried a line that is not JSON: %r" % line[:200])
        if not isinstance(msg, dict) or msg.get("jsonrpc") != "2.0":
            raise ProtocolError("stdout carried something that is not JSON-RPC 2.0: %r" % line[:200])
        return msg

    # --- requests ---
    def request(self, method, params=None, timeout=120):
        rid = self.next_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        while True:
            m = self.read(timeout)
            if "method" in m and "id" in m:          # the server asks us
                self.serve_request(m)
            elif "method" in m:                      # a notification
                self.notifications.append(m)
            elif m.get("id") == rid:
                return m
            else:
                raise ProtocolError("a response to a request we did not send: %r" % m)

    def serve_request(self, m):
        if m["method"] == "elicitation/create" and self.elicitation and self.answer is not None:
            self.asked.append(m["params"])
            self.send({"jsonrpc": "2.0", "id": m["id"], "result": self.answer(m["params"])})
        else:
            self.send({"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32601, "message": "not supported"}})

    def initialize(self):
        caps = {"elicitation": {}} if self.elicitation else {}
        r = self.request("initialize", {"protocolVersion": LEGACY, "capabilities": caps,
                                        "clientInfo": {"name": "golden", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return r

    def call(self, name, arguments, extra=None):
        params = {"name": name, "arguments": arguments}
        params.update(extra or {})
        return self.request("tools/call", params)

    def close(self):
        """End of input: the server must exit 0 and write nothing more on stdout."""
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        rc = self.proc.wait(timeout=60)
        for line in rest.splitlines():
            json.loads(line)
        return rc


def modern_meta(elicitation, **more):
    caps = {"elicitation": {}} if elicitation else {}
    meta = {"io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientCapabilities": caps,
            "io.modelcontextprotocol/clientInfo": {"name": "golden", "version": "1"}}
    meta.update(more)
    return {"_meta": meta}


def says(answer):
    """A person who types `answer` and accepts the form."""
    return lambda params: {"action": "accept", "content": {"answer": answer}}


def result_of(r):
    """(isError, exit code, structuredContent) of a tools/call response."""
    res = r["result"]
    return res.get("isError"), res.get("_meta", {}).get("quark-ptq/exit_code"), res.get("structuredContent")


def wait_run(client, run_id, extra=None, timeout=60):
    """Polls run_status until the run has ended; (isError, exit code, the status document)."""
    import time
    end = time.monotonic() + timeout
    while True:
        err, code, doc = result_of(client.call("run_status", {"run_id": run_id}, extra))
        if doc["state"] != "running" or time.monotonic() > end:
            return err, code, doc
        time.sleep(0.1)


def decisions(workdir):
    path = os.path.join(workdir, "checkpoints.json")
    if not os.path.exists(path):
        return []
    return [(c["checkpoint"], c["decision"], c["user_words"], c.get("via", "")) for c in json.load(open(path))["confirmations"]]


def run_logs(workdir):
    logs = os.path.join(workdir, "logs")
    return sorted(f for f in os.listdir(logs) if f.startswith("run-")) if os.path.isdir(logs) else []


if __name__ == "__main__":
    sys.exit("client.py is a helper for the tests/cli/mcp cases")
