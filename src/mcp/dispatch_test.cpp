#include "mcp/dispatch.h"

#include <sstream>

#include <gtest/gtest.h>

namespace qptq::mcp {
namespace {

using nlohmann::json;

Dispatcher ping_server() {
  Dispatcher d;
  d.on("ping", [](const Message&) { return HandlerReply{json::object(), nullptr}; });
  d.on("boom", [](const Message&) -> HandlerReply { throw std::runtime_error("broke"); });
  return d;
}

std::vector<json> replies(const std::string& out) {
  std::vector<json> v;
  std::istringstream s(out);
  for (std::string l; std::getline(s, l);) v.push_back(json::parse(l));
  return v;
}

TEST(Dispatch, AnswersUnknownAndSurvivesGarbageAndThrows) {
  auto d = ping_server();
  std::istringstream in("garbage\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nope\"}\n"
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"boom\"}\n"
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
  std::ostringstream out;
  d.serve(in, out);
  auto r = replies(out.str());
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0]["error"]["code"], kParseError);
  EXPECT_EQ(r[1]["error"]["code"], kMethodNotFound);
  EXPECT_EQ(r[2]["error"]["code"], kInternalError);
  EXPECT_EQ(r[3]["id"], 3);
  EXPECT_TRUE(r[3]["result"].is_object());
}

TEST(Dispatch, OversizedLineIsAnsweredAndTheNextOneServed) {
  auto d = ping_server();
  std::string big(kMaxMessageBytes + 10, 'x');
  std::istringstream in(big + "\n{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}\n");
  std::ostringstream out;
  d.serve(in, out);
  auto r = replies(out.str());
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0]["error"]["code"], kInvalidRequest);
  EXPECT_EQ(r[1]["id"], 9);
}

}  // namespace
}  // namespace qptq::mcp
