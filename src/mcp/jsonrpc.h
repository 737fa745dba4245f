// JSON-RPC 2.0 framing for the MCP stdio transport: one message per line, bounded in size.
// Parsing never throws: a line that is not a valid request becomes a ready-made error reply,
// so the server answers and keeps reading (the transport must survive any input).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/json_io.h"

namespace mcp {

// JSON-RPC 2.0 reserved error codes (spec section 5.1).
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
// Implementation-defined (-32000..-32019): a request that arrived while the server waits for
// the client's answer to its own request (elicitation/create).
inline constexpr int kBusy = -32000;
// MCP 2026-07-28 (-32020..-32099 are the specification's).
inline constexpr int kUnsupportedProtocolVersion = -32022;

// Why 4 MiB: tool arguments are paths and short corrections; anything larger is a mistake or
// an attack, and reading it whole would let a client exhaust our memory.
inline constexpr std::size_t kMaxMessageBytes = 4u << 20;

struct Message {
  std::string method;            // empty for a response
  std::optional<core::Json> id;  // absent for a notification
  core::Json params = core::Json::object();
  core::Json result;  // set on responses the server receives (elicitation replies)
  core::Json error;
  bool is_response() const { return method.empty(); }
  bool is_notification() const { return !method.empty() && !id.has_value(); }
};

// Either the message, or the error reply to write back (id null when it could not be read).
using Parsed = std::variant<Message, core::Json>;

Parsed parse_line(std::string_view line);

core::Json make_result(const core::Json& id, core::Json result);
core::Json make_error(const core::Json& id, int code, std::string_view message, const core::Json& data = nullptr);

// One line of output: compact JSON, never containing a raw newline, then '\n'.
std::string frame(const core::Json& message);

}  // namespace mcp
