// JSON-RPC 2.0 framing for the MCP stdio transport: one message per line, bounded in size.
// Parsing never throws: a line that is not a valid request becomes a ready-made error reply,
// so the server answers and keeps reading (the transport must survive any input).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

namespace qptq::mcp {

// JSON-RPC 2.0 reserved error codes (spec section 5.1).
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;

// Why 4 MiB: tool arguments are paths and short corrections; anything larger is a mistake or
// an attack, and reading it whole would let a client exhaust our memory.
inline constexpr std::size_t kMaxMessageBytes = 4u << 20;

struct Message {
  std::string method;              // empty for a response
  std::optional<nlohmann::json> id;  // absent for a notification
  nlohmann::json params = nlohmann::json::object();
  nlohmann::json result;           // set on responses the server receives (elicitation replies)
  nlohmann::json error;
  bool is_response() const { return method.empty(); }
  bool is_notification() const { return !method.empty() && !id.has_value(); }
};

// Either the message, or the error reply to write back (id null when it could not be read).
using Parsed = std::variant<Message, nlohmann::json>;

Parsed parse_line(std::string_view line);

nlohmann::json make_result(const nlohmann::json& id, nlohmann::json result);
nlohmann::json make_error(const nlohmann::json& id, int code, std::string_view message,
                          const nlohmann::json& data = nullptr);

// One line of output: compact JSON, never containing a raw newline, then '\n'.
std::string frame(const nlohmann::json& message);

}  // namespace qptq::mcp
