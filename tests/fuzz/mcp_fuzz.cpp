// libFuzzer target: the bytes are one line from an MCP client, read by the server's message
// parser (mcp::parse_line) and, for a tools/call, the named tool's arguments checked against
// its declared parameters (mcp::check_arguments), as the server does before any tool runs.
// A message the parser accepts must be one the server can answer: a request with a method, or
// a response with an id. Corpus: tests/fuzz/mcp/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "mcp/arguments.h"
#include "mcp/jsonrpc.h"
#include "mcp/tools.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  auto parsed = mcp::parse_line(line);
  if (const auto* error = std::get_if<core::Json>(&parsed)) {
    (void)core::dump_compact(*error);
    return 0;
  }
  const mcp::Message& m = std::get<mcp::Message>(parsed);
  if (m.method.empty() && !m.id) std::abort();
  if (m.method != "tools/call" || !m.params.is_object()) return 0;
  const core::Json* name = core::json_at(m.params, "name");
  const core::Json* args = core::json_at(m.params, "arguments");
  if (name == nullptr || !name->is_string()) return 0;
  for (const auto& tool : mcp::tools()) {
    if (tool.name == name->get<std::string>())
      (void)mcp::check_arguments(tool.name, tool.params, args != nullptr ? *args : core::Json::object());
  }
  return 0;
}
