#include "mcp/server.h"

#include <gtest/gtest.h>

namespace qptq::mcp {
namespace {

using nlohmann::json;

json call(Dispatcher& d, const json& req) { return json::parse(d.handle_line(req.dump())); }

TEST(Server, InitializeAnswersTheRevisionAndTools) {
  auto d = make_server({"quark-ptq", "test"});
  auto r = call(d, {{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"},
                    {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()},
                                {"clientInfo", {{"name", "t"}, {"version", "0"}}}}}});
  EXPECT_EQ(r["result"]["protocolVersion"], "2025-11-25");
  EXPECT_TRUE(r["result"]["capabilities"].contains("tools"));
}

TEST(Server, ToolsListIsDeterministic) {
  auto d = make_server({"quark-ptq", "test"});
  json req = {{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/list"}};
  EXPECT_EQ(call(d, req), call(d, req));
}

TEST(Server, StatusOnAMissingWorkdirIsAToolErrorWithExitCode) {
  auto d = make_server({"quark-ptq", "test"});
  auto r = call(d, {{"jsonrpc", "2.0"}, {"id", 3}, {"method", "tools/call"},
                    {"params", {{"name", "status"}, {"arguments", {{"workdir", "/nonexistent/x"}}}}}});
  EXPECT_TRUE(r["result"]["isError"].get<bool>());
  EXPECT_EQ(r["result"]["structuredContent"]["exit_code"], 3);  // bad_input, as on the CLI
}

TEST(Server, UnknownToolIsInvalidParams) {
  auto d = make_server({"quark-ptq", "test"});
  auto r = call(d, {{"jsonrpc", "2.0"}, {"id", 4}, {"method", "tools/call"}, {"params", {{"name", "nope"}}}});
  EXPECT_EQ(r["error"]["code"], kInvalidParams);
  EXPECT_EQ(r["id"], 4);
}

}  // namespace
}  // namespace qptq::mcp
