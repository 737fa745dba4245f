#!/usr/bin/env python3
"""A loopback Hugging Face Hub look-alike for intake tests.

Serves every directory <root>/<org>/<name>/ as repo "org/name":
  GET /api/models/<org>/<name>/revision/<rev>[?blobs=true]  -> {"id", "sha", "siblings": [{rfilename, size}]}
  GET /<org>/<name>/resolve/<rev>/<file>                      -> the file, honouring "Range: bytes=a-b"
Modes (--mode): ok, redirect (resolve answers 302 to /cdn/...), slow (sleeps before answering),
truncated (headers promise more bytes than are sent), norange (ignores Range, sends everything),
nosizes (the listing gives no file sizes).
--token T makes every request without "Authorization: Bearer T" a 401. Each request is appended
to --log as "METHOD PATH RANGE AUTH" where AUTH is yes/no (the token itself is never logged).
The chosen port is printed on stdout as the first line.
"""
import argparse
import http.server
import json
import os
import re
import socketserver
import sys
import time

SHA = "0123456789abcdef0123456789abcdef01234567"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--mode", default="ok")
    ap.add_argument("--token")
    ap.add_argument("--log")
    ap.add_argument("--delay", type=float, default=3.0)
    ap.add_argument("--sha", default=SHA, help="the commit the listing names (a hostile Hub may name anything)")
    args = ap.parse_args()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *a):
            pass

        def record(self):
            if args.log:
                auth = "yes" if self.headers.get("Authorization") else "no"
                with open(args.log, "a") as f:
                    f.write(f"GET {self.path} {self.headers.get('Range', '-')} {auth}\n")

        def reply(self, status, body=b"", headers=None):
            self.send_response(status)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def send_file(self, path):
            size = os.path.getsize(path)
            rng = self.headers.get("Range")
            m = re.match(r"bytes=(\d+)-(\d+)$", rng or "")
            if args.mode == "norange" or not m:
                start, end, status = 0, size - 1, 200
            else:
                start, end, status = int(m.group(1)), min(int(m.group(2)), size - 1), 206
            with open(path, "rb") as f:
                f.seek(start)
                body = f.read(end - start + 1)
            headers = {"Accept-Ranges": "bytes"}
            if status == 206:
                headers["Content-Range"] = f"bytes {start}-{end}/{size}"
            if args.mode == "truncated" and status == 206 and end - start + 1 > 8:
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                return
            self.reply(status, body, headers)

        def do_GET(self):
            self.record()
            if args.mode == "slow":
                time.sleep(args.delay)
            if args.token and self.headers.get("Authorization") != f"Bearer {args.token}" and not self.path.startswith("/cdn/"):
                return self.reply(401, b'{"error":"Invalid credentials"}', {"Content-Type": "application/json"})
            path = self.path.split("?")[0]
            m = re.match(r"^/api/models/([^/]+)/([^/]+)/revision/([^/]+)$", path)
            if m:
                repo = os.path.join(args.root, m.group(1), m.group(2))
                if not os.path.isdir(repo):
                    return self.reply(404, b'{"error":"Repository not found"}', {"Content-Type": "application/json"})
                siblings = []
                for dirpath, _, files in os.walk(repo):
                    for fn in files:
                        full = os.path.join(dirpath, fn)
                        entry = {"rfilename": os.path.relpath(full, repo)}
                        if args.mode != "nosizes":
                            entry["size"] = os.path.getsize(full)
                        siblings.append(entry)
                body = json.dumps({"id": f"{m.group(1)}/{m.group(2)}", "sha": args.sha, "siblings": siblings}).encode()
                return self.reply(200, body, {"Content-Type": "application/json"})
            m = re.match(r"^/([^/]+)/([^/]+)/resolve/([^/]+)/(.+)$", path)
            if m:
                full = os.path.join(args.root, m.group(1), m.group(2), m.group(4))
                if not os.path.isfile(full):
                    return self.reply(404, b"Entry not found")
                if args.mode == "redirect":
                    return self.reply(302, b"", {"Location": f"/cdn/{m.group(1)}/{m.group(2)}/{m.group(4)}"})
                return self.send_file(full)
            m = re.match(r"^/cdn/([^/]+)/([^/]+)/(.+)$", path)
            if m:
                full = os.path.join(args.root, m.group(1), m.group(2), m.group(3))
                if os.path.isfile(full):
                    return self.send_file(full)
            return self.reply(404, b"not found")

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True

    srv = Server(("127.0.0.1", 0), Handler)
    print(srv.server_address[1], flush=True)
    sys.stdout.close()
    srv.serve_forever()


if __name__ == "__main__":
    main()
