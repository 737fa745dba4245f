// quark-ptq mcp: the Model Context Protocol server on stdin/stdout (docs/agents.md). Stdout
// carries protocol only; the server returns at end of input.
#include <iostream>

#include "cli/commands.h"
#include "mcp/server.h"

namespace cli {

void add_mcp_command(CLI::App& app, CommandFn& selected) {
  auto* sub = app.add_subcommand("mcp", "Serve the workflow to an AI agent over MCP (stdio)");
  sub->callback([&selected] {
    selected = [](Context&) {
      auto server = qptq::mcp::make_server({"quark-ptq", "0.1.0"});
      std::ios::sync_with_stdio(false);
      server.serve(std::cin, std::cout);
      return 0;
    };
  });
}

}  // namespace cli
