#include "mcp/dispatch.h"

namespace mcp {

using json = core::Json;

std::optional<Connection::Line> Connection::read_line() {
  std::streambuf* buf = m_in.rdbuf();
  Line line;
  bool any = false;
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    any = true;
    if (c == '\n') return line;
    if (line.oversized) continue;
    if (line.text.size() >= kMaxMessageBytes) {
      line.oversized = true;
      line.text.clear();
      line.text.shrink_to_fit();
      continue;
    }
    line.text.push_back(static_cast<char>(c));
  }
  if (!any) return std::nullopt;
  return line;  // the last line had no newline
}

void Connection::send(const json& message) {
  std::lock_guard<std::mutex> lock(m_write);
  m_out << frame(message) << std::flush;
}

void Dispatcher::on(std::string method, Handler handler) { m_handlers[std::move(method)] = std::move(handler); }

std::optional<json> Dispatcher::handle_line(std::string_view line, Connection& conn) {
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return std::nullopt;
  Parsed parsed = parse_line(line);
  if (auto* err = std::get_if<json>(&parsed)) return *err;
  const Message& m = std::get<Message>(parsed);
  if (m.is_response()) return std::nullopt;  // a late answer to a request of ours
  auto it = m_handlers.find(m.method);
  if (m.is_notification()) {
    if (it != m_handlers.end()) it->second(m, conn);
    return std::nullopt;
  }
  if (it == m_handlers.end()) return make_error(*m.id, kMethodNotFound, "unknown method: " + m.method);
  HandlerReply reply;
  try {
    reply = it->second(m, conn);
  } catch (const std::exception& e) {
    return make_error(*m.id, kInternalError, e.what());
  }
  if (!reply.error.is_null()) {
    json out = reply.error;
    out["id"] = *m.id;
    return out;
  }
  return make_result(*m.id, reply.result.is_null() ? json::object() : reply.result);
}

void Dispatcher::serve(Connection& conn) {
  while (auto line = conn.read_line()) {
    if (line->oversized) {
      conn.send(make_error(nullptr, kInvalidRequest, "message exceeds " + std::to_string(kMaxMessageBytes) + " bytes"));
      continue;
    }
    if (auto reply = handle_line(line->text, conn)) conn.send(*reply);
  }
}

ClientReply Dispatcher::ask_client(Connection& conn, const std::string& method, const json& params, const json& waiting_for) {
  const std::string id = "quark-ptq-" + std::to_string(m_next_id++);
  conn.send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
  while (auto line = conn.read_line()) {
    if (line->oversized) {
      conn.send(make_error(nullptr, kInvalidRequest, "message exceeds " + std::to_string(kMaxMessageBytes) + " bytes"));
      continue;
    }
    if (line->text.find_first_not_of(" \t\r") == std::string::npos) continue;
    Parsed parsed = parse_line(line->text);
    if (auto* err = std::get_if<json>(&parsed)) {
      conn.send(*err);
      continue;
    }
    const Message& m = std::get<Message>(parsed);
    if (m.is_response()) {
      if (*m.id != id) continue;
      if (!m.error.is_null()) return {ClientReply::Kind::error, m.error};
      return {ClientReply::Kind::result, m.result};
    }
    if (m.is_notification()) {
      if (m.method == "notifications/cancelled" && m.params.value("requestId", json()) == waiting_for) {
        return {ClientReply::Kind::cancelled, nullptr};
      }
      // Any other notification (the cancellation of a run going on) is handled as usual.
      if (auto it = m_handlers.find(m.method); it != m_handlers.end()) it->second(m, conn);
      continue;
    }
    if (m.method == "ping") {
      conn.send(make_result(*m.id, json::object()));
    } else {
      conn.send(make_error(*m.id, kBusy, "busy: waiting for the client's answer to " + method));
    }
  }
  return {ClientReply::Kind::closed, nullptr};
}

}  // namespace mcp
