#include "mcp/dispatch.h"

#include <sstream>

#include <gtest/gtest.h>

namespace mcp {
namespace {

using json = core::Json;

Dispatcher ping_server() {
  Dispatcher d;
  d.on("ping", [](const Message&, Connection&) { return HandlerReply{json::object(), nullptr}; });
  d.on("boom", [](const Message&, Connection&) -> HandlerReply { throw std::runtime_error("broke"); });
  return d;
}

std::vector<json> replies(const std::string& out) {
  std::vector<json> v;
  std::istringstream s(out);
  for (std::string l; std::getline(s, l);) v.push_back(json::parse(l));
  return v;
}

std::vector<json> serve(Dispatcher& d, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  Connection conn(in, out);
  d.serve(conn);
  return replies(out.str());
}

TEST(Dispatch, AnswersUnknownAndSurvivesGarbageAndThrows) {
  auto d = ping_server();
  auto r = serve(d,
                 "garbage\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nope\"}\n"
                 "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"boom\"}\n"
                 "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                 "\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0]["error"]["code"], kParseError);
  EXPECT_EQ(r[1]["error"]["code"], kMethodNotFound);
  EXPECT_EQ(r[2]["error"]["code"], kInternalError);
  EXPECT_EQ(r[3]["id"], 3);
  EXPECT_TRUE(r[3]["result"].is_object());
}

TEST(Dispatch, OversizedLineIsAnsweredAndTheNextOneServed) {
  auto d = ping_server();
  auto r = serve(d, std::string(kMaxMessageBytes + 10, 'x') + "\n{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}\n");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0]["error"]["code"], kInvalidRequest);
  EXPECT_EQ(r[1]["id"], 9);
}

TEST(Dispatch, ResponsesAreNeverAnswered) {
  auto d = ping_server();
  auto r = serve(d, "{\"jsonrpc\":\"2.0\",\"id\":\"quark-ptq-1\",\"result\":{\"action\":\"accept\"}}\n");
  EXPECT_TRUE(r.empty());
}

// While the server waits for the client's answer to its own request it answers pings,
// refuses other requests as busy, and takes only the response with its own id.
TEST(Dispatch, AskClientWaitsForItsOwnResponse) {
  auto d = ping_server();
  std::istringstream in(
      "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}\n"
      "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{}}\n"
      "{\"jsonrpc\":\"2.0\",\"id\":\"other\",\"result\":{\"action\":\"accept\"}}\n"
      "{\"jsonrpc\":\"2.0\",\"id\":\"quark-ptq-1\",\"result\":{\"action\":\"decline\"}}\n");
  std::ostringstream out;
  Connection conn(in, out);
  ClientReply reply = d.ask_client(conn, "elicitation/create", {{"message", "m"}}, 4);
  EXPECT_EQ(reply.kind, ClientReply::Kind::result);
  EXPECT_EQ(reply.body["action"], "decline");
  auto sent = replies(out.str());
  ASSERT_EQ(sent.size(), 3u);
  EXPECT_EQ(sent[0]["method"], "elicitation/create");
  EXPECT_EQ(sent[0]["id"], "quark-ptq-1");
  EXPECT_EQ(sent[1]["id"], 5);
  EXPECT_TRUE(sent[1].contains("result"));
  EXPECT_EQ(sent[2]["error"]["code"], kBusy);
}

TEST(Dispatch, AskClientEndsOnCancelOrEndOfInput) {
  auto d = ping_server();
  {
    std::istringstream in("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":4}}\n");
    std::ostringstream out;
    Connection conn(in, out);
    EXPECT_EQ(d.ask_client(conn, "elicitation/create", json::object(), 4).kind, ClientReply::Kind::cancelled);
  }
  {
    std::istringstream in("");
    std::ostringstream out;
    Connection conn(in, out);
    EXPECT_EQ(d.ask_client(conn, "elicitation/create", json::object(), 4).kind, ClientReply::Kind::closed);
  }
}

}  // namespace
}  // namespace mcp
