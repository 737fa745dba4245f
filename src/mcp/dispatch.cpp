#include "mcp/dispatch.h"

namespace qptq::mcp {

using nlohmann::json;

void Dispatcher::on(std::string method, Handler handler) {
  handlers_[std::move(method)] = std::move(handler);
}

std::string Dispatcher::handle_line(std::string_view line) {
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return {};
  Parsed parsed = parse_line(line);
  if (auto* err = std::get_if<json>(&parsed)) return frame(*err);
  const Message& m = std::get<Message>(parsed);
  if (m.is_response()) return {};  // replies to our own requests are routed elsewhere
  auto it = handlers_.find(m.method);
  if (m.is_notification()) {
    if (it != handlers_.end()) it->second(m);
    return {};
  }
  if (it == handlers_.end()) return frame(make_error(*m.id, kMethodNotFound, "unknown method: " + m.method));
  HandlerReply reply;
  try {
    reply = it->second(m);
  } catch (const std::exception& e) {
    return frame(make_error(*m.id, kInternalError, e.what()));
  }
  if (!reply.error.is_null()) {
    json out = reply.error;
    out["id"] = *m.id;
    return frame(out);
  }
  return frame(make_result(*m.id, reply.result.is_null() ? json::object() : reply.result));
}

void Dispatcher::serve(std::istream& in, std::ostream& out) {
  std::string line;
  char c;
  bool oversized = false;
  while (in.get(c)) {
    if (c != '\n') {
      if (line.size() <= kMaxMessageBytes) line.push_back(c); else oversized = true;
      continue;
    }
    std::string reply = oversized ? frame(make_error(nullptr, kInvalidRequest, "message too large"))
                                  : handle_line(line);
    if (!reply.empty()) out << reply << std::flush;
    line.clear();
    oversized = false;
  }
  if (!line.empty() && !oversized) {
    std::string reply = handle_line(line);
    if (!reply.empty()) out << reply << std::flush;
  }
}

}  // namespace qptq::mcp
