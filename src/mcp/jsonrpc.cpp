#include "mcp/jsonrpc.h"

namespace mcp {

using json = core::Json;

namespace {

bool valid_id(const json& id) { return id.is_string() || id.is_number_integer(); }

}  // namespace

Parsed parse_line(std::string_view line) {
  if (line.size() > kMaxMessageBytes)
    return make_error(nullptr, kInvalidRequest, "message exceeds " + std::to_string(kMaxMessageBytes) + " bytes");
  // nlohmann's parser recurses once per level: a line a million levels deep (2 MB) would
  // exhaust the stack and end the server with its run unsupervised. No MCP message needs more
  // than the bound every other JSON reader of ours keeps.
  if (core::json_nesting_depth(line, core::kMaxJsonDepth) > core::kMaxJsonDepth)
    return make_error(nullptr, kInvalidRequest, "message nested deeper than " + std::to_string(core::kMaxJsonDepth) + " levels");
  json doc = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return make_error(nullptr, kParseError, "not valid JSON");
  if (!doc.is_object()) return make_error(nullptr, kInvalidRequest, "message must be an object");
  json id = doc.contains("id") ? doc["id"] : json(nullptr);
  if (doc.value("jsonrpc", json()) != "2.0")
    return make_error(valid_id(id) ? id : json(nullptr), kInvalidRequest, "\"jsonrpc\" must be \"2.0\"");
  if (doc.contains("id") && !valid_id(id)) return make_error(nullptr, kInvalidRequest, "\"id\" must be a string or an integer");

  Message m;
  if (doc.contains("id")) m.id = id;
  if (doc.contains("method")) {
    if (!doc["method"].is_string() || doc["method"].get_ref<const std::string&>().empty())
      return make_error(m.id.value_or(nullptr), kInvalidRequest, "\"method\" must be a string");
    m.method = doc["method"].get<std::string>();
    if (doc.contains("params")) {
      if (!doc["params"].is_object()) return make_error(m.id.value_or(nullptr), kInvalidParams, "\"params\" must be an object");
      m.params = doc["params"];
    }
    return m;
  }
  // A response to a request we sent (elicitation/create): needs an id and result or error.
  if (!m.id || (doc.contains("result") == doc.contains("error")))
    return make_error(m.id.value_or(nullptr), kInvalidRequest, "message is neither a request nor a response");
  m.result = doc.value("result", json());
  m.error = doc.value("error", json());
  return m;
}

json make_result(const json& id, json result) { return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}; }

json make_error(const json& id, int code, std::string_view message, const json& data) {
  json err = {{"code", code}, {"message", std::string(message)}};
  if (!data.is_null()) err["data"] = data;
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(err)}};
}

std::string frame(const json& message) {
  // dump() escapes control characters inside strings, so the only newline is ours.
  return message.dump(-1, ' ', /*ensure_ascii=*/false, json::error_handler_t::replace) + "\n";
}

}  // namespace mcp
