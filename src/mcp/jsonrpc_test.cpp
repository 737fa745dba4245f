#include "mcp/jsonrpc.h"

#include <gtest/gtest.h>

namespace mcp {
namespace {

using json = core::Json;

json error_of(const Parsed& p) {
  EXPECT_TRUE(std::holds_alternative<json>(p));
  return std::holds_alternative<json>(p) ? std::get<json>(p) : json();
}

TEST(JsonRpcParse, RequestWithParams) {
  auto p = parse_line(R"({"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"cursor":"x"}})");
  ASSERT_TRUE(std::holds_alternative<Message>(p));
  const auto& m = std::get<Message>(p);
  EXPECT_EQ(m.method, "tools/list");
  EXPECT_EQ(*m.id, 7);
  EXPECT_EQ(m.params["cursor"], "x");
  EXPECT_FALSE(m.is_notification());
}

TEST(JsonRpcParse, NotificationHasNoId) {
  auto p = parse_line(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}})");
  ASSERT_TRUE(std::holds_alternative<Message>(p));
  EXPECT_TRUE(std::get<Message>(p).is_notification());
}

TEST(JsonRpcParse, ResponseToOurRequest) {
  auto p = parse_line(R"({"jsonrpc":"2.0","id":"s1","result":{"action":"accept"}})");
  ASSERT_TRUE(std::holds_alternative<Message>(p));
  const auto& m = std::get<Message>(p);
  EXPECT_TRUE(m.is_response());
  EXPECT_EQ(m.result["action"], "accept");
}

TEST(JsonRpcParse, GarbageIsParseErrorWithNullId) {
  auto e = error_of(parse_line("{not json"));
  EXPECT_EQ(e["error"]["code"], kParseError);
  EXPECT_TRUE(e["id"].is_null());
}

TEST(JsonRpcParse, WrongVersionKeepsTheId) {
  auto e = error_of(parse_line(R"({"jsonrpc":"1.0","id":4,"method":"ping"})"));
  EXPECT_EQ(e["error"]["code"], kInvalidRequest);
  EXPECT_EQ(e["id"], 4);
}

TEST(JsonRpcParse, NonObjectParamsIsInvalidParams) {
  auto e = error_of(parse_line(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":[1]})"));
  EXPECT_EQ(e["error"]["code"], kInvalidParams);
}

TEST(JsonRpcParse, BadIdAndArrayAndNeither) {
  EXPECT_EQ(error_of(parse_line(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})"))["error"]["code"], kInvalidRequest);
  EXPECT_EQ(error_of(parse_line(R"([1,2])"))["error"]["code"], kInvalidRequest);
  EXPECT_EQ(error_of(parse_line(R"({"jsonrpc":"2.0","id":1})"))["error"]["code"], kInvalidRequest);
}

TEST(JsonRpcParse, OversizedLineIsRejectedBeforeParsing) {
  std::string big(kMaxMessageBytes + 1, ' ');
  auto e = error_of(parse_line(big));
  EXPECT_EQ(e["error"]["code"], kInvalidRequest);
}

// A line a million levels deep (2 MB, under the size bound) in each place a message nests:
// refused before parsing, never a stack overflow that ends the server.
TEST(JsonRpcParse, DeepNestingAnywhereIsRefusedBeforeParsing) {
  const std::string deep = std::string(1000000, '[') + std::string(1000000, ']');
  const std::string lines[] = {
      R"({"jsonrpc":"2.0","id":)" + deep + R"(,"method":"ping"})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"status","arguments":{"workdir":)" + deep + "}}}",
      R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":)" + deep + "}}",
      R"({"jsonrpc":"2.0","id":1,"result":)" + deep + "}",
  };
  for (const auto& line : lines) {
    ASSERT_LT(line.size(), kMaxMessageBytes);
    json e = error_of(parse_line(line));
    EXPECT_EQ(e["error"]["code"], kInvalidRequest);
    EXPECT_TRUE(e["id"].is_null());
  }
  // Nesting as deep as the bound still parses.
  const int n = core::kMaxJsonDepth - 2;
  auto ok = parse_line(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":)" + std::string(n, '[') + std::string(n, ']') + "}}");
  EXPECT_TRUE(std::holds_alternative<Message>(ok));
}

TEST(JsonRpcFrame, OneLineEvenWithNewlinesInStrings) {
  auto line = frame(make_result(1, {{"text", "a\nb"}}));
  EXPECT_EQ(line.find('\n'), line.size() - 1);
  EXPECT_EQ(json::parse(line)["result"]["text"], "a\nb");
}

TEST(JsonRpcFrame, ErrorCarriesData) {
  auto e = make_error(2, kInvalidParams, "bad", {{"exit_code", 2}});
  EXPECT_EQ(e["error"]["data"]["exit_code"], 2);
}

}  // namespace
}  // namespace mcp
