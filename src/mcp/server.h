// The quark-ptq MCP server: the initialize handshake and the tools. Each tool calls the same
// library flow as the CLI command of that name. So far only the read-only `status` tool is
// wired; the step tools and the human-owned checkpoints (elicitation) are still to come.
#pragma once

#include <string>

#include "mcp/dispatch.h"

namespace qptq::mcp {

inline constexpr const char* kProtocolRevision = "2025-11-25";

struct ServerInfo {
  std::string name = "quark-ptq";
  std::string version;
};

// A dispatcher with every method of the server registered.
Dispatcher make_server(const ServerInfo& info);

}  // namespace qptq::mcp
