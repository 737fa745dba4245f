// Method dispatch and the stdio loop: reads one bounded line at a time, answers every request
// (errors included), ignores unknown notifications, and returns at end of input. Tools and the
// elicitation round-trips plug in as handlers; nothing here knows about quantization.
#pragma once

#include <functional>
#include <istream>
#include <map>
#include <ostream>
#include <string>

#include "mcp/jsonrpc.h"

namespace qptq::mcp {

// A handler returns the "result" object, or a full error reply made with make_error.
struct HandlerReply {
  nlohmann::json result;
  nlohmann::json error;  // null unless the request failed
};
using Handler = std::function<HandlerReply(const Message&)>;

class Dispatcher {
 public:
  void on(std::string method, Handler handler);
  // The reply line for one input line; empty for notifications and responses.
  std::string handle_line(std::string_view line);
  // Runs until end of input. A line longer than kMaxMessageBytes is skipped to its end
  // without being stored, answered with an error, and the loop goes on.
  void serve(std::istream& in, std::ostream& out);

 private:
  std::map<std::string, Handler, std::less<>> handlers_;
};

}  // namespace qptq::mcp
