// The stdio transport and method dispatch. Connection reads one bounded line at a time and
// writes one framed message at a time (from any thread); Dispatcher answers every request
// (errors included), ignores responses and unknown notifications, and returns at end of input.
// A handler that must ask the client something (elicitation/create, 2025-11-25) does it
// through ask_client(), which keeps serving pings while it waits.
#pragma once

#include <functional>
#include <istream>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>

#include "mcp/jsonrpc.h"

namespace mcp {

class Connection {
 public:
  Connection(std::istream& in, std::ostream& out) : m_in(in), m_out(out) {}

  struct Line {
    std::string text;        // empty when oversized
    bool oversized = false;  // longer than kMaxMessageBytes: skipped to its end, never stored
  };
  // The next line without its newline; nullopt at end of input.
  std::optional<Line> read_line();
  // One message, one line, flushed.
  void send(const core::Json& message);

 private:
  std::istream& m_in;
  std::ostream& m_out;
  std::mutex m_write;
};

// A handler returns the "result" object, or an error made with make_error (its id is replaced).
struct HandlerReply {
  core::Json result;
  core::Json error;  // null unless the request failed
};
using Handler = std::function<HandlerReply(const Message&, Connection&)>;

// The client's answer to a request the server sent.
struct ClientReply {
  enum class Kind { result, error, cancelled, closed } kind = Kind::closed;
  core::Json body;  // the result or the error object
};

class Dispatcher {
 public:
  void on(std::string method, Handler handler);
  // The reply to one line, nullopt when none is due (notifications, responses, blank lines).
  std::optional<core::Json> handle_line(std::string_view line, Connection& conn);
  // Runs until end of input.
  void serve(Connection& conn);
  // Sends the request `method` and waits for the client's reply. Meanwhile a ping is answered,
  // any other request is refused with kBusy, a notifications/cancelled naming `waiting_for`
  // (the request being served) ends the wait as cancelled, other notifications are handled.
  ClientReply ask_client(Connection& conn, const std::string& method, const core::Json& params, const core::Json& waiting_for);

 private:
  std::map<std::string, Handler, std::less<>> m_handlers;
  long m_next_id = 1;
};

}  // namespace mcp
