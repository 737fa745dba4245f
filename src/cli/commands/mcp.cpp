// quark-ptq mcp: the Model Context Protocol server on stdin/stdout (docs/mcp.md). Stdout
// carries protocol only; the server returns 0 at end of input.
#include <iostream>

#include "cli/commands.h"
#include "mcp/server.h"

namespace cli {

void add_mcp_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto* sub = app.add_subcommand("mcp", help("help.mcp.summary"));
  sub->callback([&selected] {
    selected = [](Context& ctx) {
      std::ios::sync_with_stdio(false);
      mcp::serve({"quark-ptq", "0.1.0", ctx.console.lang()}, std::cin, std::cout);
      return 0;
    };
  });
}

}  // namespace cli
