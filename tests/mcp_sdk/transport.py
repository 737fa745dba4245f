"""The stdio transport of the Python `mcp` SDK's tests, with a tap (not a test itself).

The SDK's own stdio_client has no way to put arbitrary bytes on the server's stdin, and the
tests must send malformed and oversized lines in the middle of a session. This transport
spawns `quark-ptq mcp` itself and exchanges the SDK's SessionMessages one JSON line each, as
mcp.client.stdio does; besides, it checks that every line the server writes on stdout is one
JSON-RPC 2.0 message (stdout carries nothing but protocol), keeps the replies to the raw lines
(error replies whose id is null, or whose id the test chose) away from the SDK, and can send
raw bytes.
"""
import json
import os
import subprocess
from contextlib import asynccontextmanager

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage


class Tap:
    def __init__(self):
        self.process = None
        self.stdout_lines = 0
        self.not_protocol = []      # stdout lines that are not a JSON-RPC 2.0 message
        self.raw_replies = []       # replies to what send_raw sent
        self.raw_ids = set()        # ids the raw requests used (their replies are kept here)
        self.notifications = []     # every notification the server sent, as JSON
        self._raw_arrived = anyio.Event()
        self._write_lock = anyio.Lock()

    async def send_raw(self, data: bytes, raw_id=None):
        if raw_id is not None:
            self.raw_ids.add(raw_id)
        async with self._write_lock:
            await self.process.stdin.send(data)

    async def raw_reply(self, timeout=30):
        """The next reply to a raw line."""
        with anyio.fail_after(timeout):
            while not self.raw_replies:
                self._raw_arrived = anyio.Event()
                await self._raw_arrived.wait()
        return self.raw_replies.pop(0)


@asynccontextmanager
async def tapped_stdio(argv, env, cwd, errlog, tap: Tap):
    process = await anyio.open_process(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errlog, env=env, cwd=cwd)
    tap.process = process
    read_writer, read_stream = anyio.create_memory_object_stream(100)
    write_stream, write_reader = anyio.create_memory_object_stream(100)

    async def reader():
        buf = b""
        async with read_writer:
            async for chunk in process.stdout:
                buf += chunk
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    tap.stdout_lines += 1
                    try:
                        msg = json.loads(line)
                        ok = isinstance(msg, dict) and msg.get("jsonrpc") == "2.0"
                    except ValueError:
                        ok = False
                    if not ok:
                        tap.not_protocol.append(line[:200])
                        continue
                    if "method" in msg and "id" not in msg:
                        tap.notifications.append(msg)
                    if "method" not in msg and (msg.get("id") is None or msg.get("id") in tap.raw_ids):
                        tap.raw_replies.append(msg)
                        tap._raw_arrived.set()
                        continue
                    await read_writer.send(SessionMessage(types.jsonrpc_message_adapter.validate_python(msg, by_name=False)))

    async def writer():
        async with write_reader:
            async for sm in write_reader:
                data = sm.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
                async with tap._write_lock:
                    await process.stdin.send(data.encode())

    async with anyio.create_task_group() as tg:
        tg.start_soon(reader)
        tg.start_soon(writer)
        try:
            yield read_stream, write_stream
        finally:
            # End of input, as a client that goes away: the server stops what still runs and exits.
            await process.stdin.aclose()
            with anyio.move_on_after(60):
                await process.wait()
            if process.returncode is None:
                process.kill()
            tg.cancel_scope.cancel()


class TappedTransport:
    """A Transport for mcp.Client: `quark-ptq mcp` behind the tap."""

    def __init__(self, argv, env, cwd, errlog, tap):
        self._cm = tapped_stdio(argv, env, cwd, errlog, tap)

    async def __aenter__(self):
        return await self._cm.__aenter__()

    async def __aexit__(self, *exc):
        return await self._cm.__aexit__(*exc)
