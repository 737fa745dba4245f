#include "mcp/server.h"

#include <sstream>

#include <gtest/gtest.h>

#include "core/json_io.h"
#include "mcp/jsonrpc.h"

namespace mcp {
namespace {

using json = core::Json;

std::vector<json> exchange(const std::vector<json>& requests) {
  std::string input;
  for (const auto& r : requests) input += r.dump() + "\n";
  std::istringstream in(input);
  std::ostringstream out;
  serve({"quark-ptq", "test", core::Lang::en}, in, out);
  std::vector<json> replies;
  std::istringstream lines(out.str());
  for (std::string l; std::getline(lines, l);) replies.push_back(json::parse(l));  // every line is one message
  return replies;
}

json request(int id, const std::string& method, json params = json::object()) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}};
}

json modern(json params, bool elicitation) {
  params["_meta"] = {{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                     {"io.modelcontextprotocol/clientCapabilities", elicitation ? json{{"elicitation", json::object()}} : json::object()}};
  return params;
}

TEST(Server, ToolsComeInTheWorkflowsOrderInBothEras) {
  auto r = exchange({request(1, "initialize", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()}}),
                     request(2, "tools/list"), request(3, "tools/list", modern(json::object(), false))});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0]["result"]["protocolVersion"], "2025-11-25");
  std::vector<std::string> names;
  for (const auto& t : r[1]["result"]["tools"]) names.push_back(t["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"status", "analyze", "confirm_analysis", "plan", "confirm_plan", "prepare", "run",
                                             "run_status", "cancel_run", "verify", "evaluate", "accept", "followup"}));
  EXPECT_EQ(r[1]["result"]["tools"], r[2]["result"]["tools"]);
  EXPECT_FALSE(r[1]["result"].contains("resultType"));
  EXPECT_EQ(r[2]["result"]["resultType"], "complete");
}

TEST(Server, AnOlderLegacyRevisionIsAnsweredAndAnUnknownOneGetsOurs) {
  auto r = exchange(
      {request(1, "initialize", {{"protocolVersion", "2025-06-18"}}), request(2, "initialize", {{"protocolVersion", "2024-01-01"}})});
  EXPECT_EQ(r[0]["result"]["protocolVersion"], "2025-06-18");
  EXPECT_EQ(r[1]["result"]["protocolVersion"], "2025-11-25");
}

TEST(Server, DiscoverAndUnsupportedVersion) {
  auto r =
      exchange({request(1, "server/discover", modern(json::object(), false)),
                request(2, "tools/call", {{"_meta", {{"io.modelcontextprotocol/protocolVersion", "2099-01-01"}}}, {"name", "status"}})});
  EXPECT_EQ(r[0]["result"]["supportedVersions"], json::array({"2026-07-28", "2025-11-25"}));
  EXPECT_EQ(r[1]["error"]["code"], kUnsupportedProtocolVersion);
  EXPECT_EQ(r[1]["id"], 2);
}

TEST(Server, NoArgumentApprovesARun) {
  for (const char* name : {"approve", "digest", "yes", "user_words", "_meta"}) {
    auto r = exchange(
        {request(1, "tools/call", modern({{"name", "run"}, {"arguments", {{"workdir", "/nonexistent"}, {name, "sha256:00"}}}}, true))});
    ASSERT_EQ(r.size(), 1u);
    EXPECT_TRUE(r[0]["result"]["isError"].get<bool>()) << name;
    EXPECT_EQ(r[0]["result"]["structuredContent"]["error"]["id"], "mcp.argument_unknown") << name;
    EXPECT_EQ(r[0]["result"]["_meta"]["quark-ptq/exit_code"], 2) << name;
  }
}

TEST(Server, AToolErrorCarriesTheCliExitCode) {
  auto r = exchange({request(1, "tools/call", {{"name", "confirm_plan"}, {"arguments", {{"workdir", "/nonexistent/wd"}}}})});
  EXPECT_TRUE(r[0]["result"]["isError"].get<bool>());
  EXPECT_EQ(r[0]["result"]["_meta"]["quark-ptq/exit_code"], 4);  // not_confirmed: checkpoint 1 first
  EXPECT_EQ(r[0]["result"]["structuredContent"]["error"]["exit_code"], 4);
}

json with_tasks(json params) {
  params = modern(std::move(params), true);
  params["_meta"]["io.modelcontextprotocol/clientCapabilities"]["extensions"] = {{"io.modelcontextprotocol/tasks", json::object()}};
  return params;
}

TEST(Server, TheTasksExtensionIsAdvertisedAndItsMethodsNeedItDeclared) {
  auto r = exchange({request(1, "server/discover", modern(json::object(), false)),
                     request(2, "tasks/get", modern({{"taskId", "abc"}}, true)), request(3, "tasks/get", with_tasks({{"taskId", "abc"}})),
                     request(4, "tasks/cancel", with_tasks({{"taskId", "abc"}})), request(5, "tasks/get", {{"taskId", "abc"}})});
  ASSERT_EQ(r.size(), 5u);
  EXPECT_TRUE(r[0]["result"]["capabilities"]["extensions"].contains("io.modelcontextprotocol/tasks"));
  EXPECT_EQ(r[1]["error"]["code"], -32021);  // modern, extension not declared on this request
  EXPECT_TRUE(r[1]["error"]["data"]["requiredCapabilities"]["extensions"].contains("io.modelcontextprotocol/tasks"));
  EXPECT_EQ(r[2]["error"]["code"], kInvalidParams);  // no such task
  EXPECT_EQ(r[3]["error"]["code"], kInvalidParams);
  EXPECT_EQ(r[4]["error"]["code"], -32021);  // legacy: no extensions
}

TEST(Server, RunStatusAndCancelOfAnUnknownRunAreBadInput) {
  for (const char* tool : {"run_status", "cancel_run"}) {
    auto r = exchange({request(1, "tools/call", {{"name", tool}, {"arguments", {{"run_id", "0123"}}}})});
    EXPECT_EQ(r[0]["result"]["_meta"]["quark-ptq/exit_code"], 3) << tool;
    EXPECT_EQ(r[0]["result"]["structuredContent"]["error"]["id"], "mcp.run_unknown") << tool;
  }
}

TEST(Server, ACancellationNamingNoRunChangesNothing) {
  auto r = exchange({{{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", 7}}}}, request(1, "ping")});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["id"], 1);
}

}  // namespace
}  // namespace mcp
