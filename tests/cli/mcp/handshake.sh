# Both protocol eras on one stdio server: the 2025-11-25 handshake and the stateless 2026-07-28
# requests (server/discover, per-request _meta), tools in a fixed order, errors that keep the
# server alive (garbage, an oversized line, an unknown version), stdout nothing but protocol,
# and exit 0 at end of input.
python3 - <<'PY'
import sys, os
sys.path.insert(0, os.path.join(os.environ["SRC"], "tests/cli/mcp"))
from client import Client, modern_meta, MODERN

c = Client()
init = c.initialize()["result"]
print("initialize:", init["protocolVersion"], sorted(init["capabilities"]), init["serverInfo"]["name"])
tools = c.request("tools/list")["result"]["tools"]
print("tools:", " ".join(t["name"] for t in tools))
print("same order again:", [t["name"] for t in c.request("tools/list")["result"]["tools"]] == [t["name"] for t in tools])
print("strict arguments:", all(t["inputSchema"]["additionalProperties"] is False for t in tools))
print("run takes:", sorted(next(t for t in tools if t["name"] == "run")["inputSchema"]["properties"]))
print("ping:", c.request("ping")["result"])

d = c.request("server/discover", modern_meta(False))["result"]
print("discover:", d["supportedVersions"], d["resultType"], d["_meta"]["io.modelcontextprotocol/serverInfo"]["name"])
bad = c.request("tools/list", {"_meta": {"io.modelcontextprotocol/protocolVersion": "1900-01-01"}})["error"]
print("unknown version:", bad["code"], bad["data"])
m = c.request("tools/list", modern_meta(False))["result"]
print("modern tools/list:", m["resultType"], m["cacheScope"], len(m["tools"]))

c.send_raw(b"this is not json\n")
print("garbage:", c.read()["error"]["code"])
c.send_raw(b'{"jsonrpc":"2.0","id":"big","method":"ping","params":{"x":"' + b"a" * (5 << 20) + b'"}}\n')
print("oversized:", c.read()["error"]["code"])
print("unknown method:", c.request("resources/list")["error"]["code"])
print("unknown tool:", c.request("tools/call", {"name": "nope", "arguments": {}})["error"]["code"])
print("still serving:", c.request("ping")["result"] == {})
print("exit:", c.close())
PY
