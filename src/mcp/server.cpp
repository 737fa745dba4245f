#include "mcp/server.h"

#include <atomic>
#include <deque>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <variant>

#include "flow/documents.h"
#include "mcp/dispatch.h"
#include "mcp/tools.h"

namespace mcp {

using json = core::Json;

namespace {

constexpr const char* kMetaVersion = "io.modelcontextprotocol/protocolVersion";
constexpr const char* kMetaCapabilities = "io.modelcontextprotocol/clientCapabilities";
constexpr const char* kMetaServerInfo = "io.modelcontextprotocol/serverInfo";
constexpr const char* kMetaExitCode = "quark-ptq/exit_code";
constexpr const char* kTasksExtension = "io.modelcontextprotocol/tasks";
constexpr int kMissingClientCapability = -32021;
constexpr int kPollIntervalMs = 1000;
// How many questions may wait for their retry at once (2026-07-28); the oldest is forgotten.
constexpr std::size_t kMaxPending = 64;

const std::set<std::string>& legacy_revisions() {
  static const std::set<std::string> r = {"2025-11-25", "2025-06-18"};
  return r;
}

// A 128-bit random value in hex: what a retry must echo for the person's answer to count.
std::string fresh_state() {
  std::random_device rd;
  std::string s;
  const char* hex = "0123456789abcdef";
  for (int i = 0; i < 32; ++i) s.push_back(hex[rd() % 16]);
  return s;
}

bool declares_elicitation(const json& capabilities) {
  return capabilities.is_object() && capabilities.contains("elicitation") && capabilities["elicitation"].is_object();
}

bool declares_tasks(const json& capabilities) {
  const json* ext = capabilities.is_object() && capabilities.contains("extensions") ? &capabilities["extensions"] : nullptr;
  return ext != nullptr && ext->is_object() && ext->contains(kTasksExtension) && (*ext)[kTasksExtension].is_object();
}

// A tool's outcome as a CallToolResult: the document as structured content and as text.
json call_tool_result(const json& doc, int exit_code) {
  json out = {
      {"content", json::array({{{"type", "text"}, {"text", doc.dump(2)}}})}, {"structuredContent", doc}, {"isError", exit_code != 0}};
  out["_meta"][kMetaExitCode] = exit_code;
  return out;
}

// A run as a Task of the tasks extension (2026-07-28): working while it runs; completed with
// the run's CallToolResult once it ended; cancelled when a cancellation stopped it.
json task_of(core::Lang lang, const RunSnapshot& run) {
  json t = {{"taskId", run.id}, {"createdAt", run.created_at},       {"lastUpdatedAt", run.updated_at},
            {"ttlMs", nullptr}, {"pollIntervalMs", kPollIntervalMs}, {"statusMessage", progress_text(lang, run)}};
  const json doc = run_status_document(lang, run);
  if (!run.ended) {
    t["status"] = "working";
  } else if (doc["state"] == "cancelled") {
    t["status"] = "cancelled";
  } else {
    t["status"] = "completed";
    t["result"] = call_tool_result(run.result->doc, run.result->exit_code);
  }
  return t;
}

json elicit_params(const Question& q, bool with_mode) {
  json field = {{"type", "string"}, {"title", q.field_title}, {"description", q.field_description}};
  if (!q.default_text.empty()) field["default"] = q.default_text;
  json p = {{"message", q.message},
            {"requestedSchema", {{"type", "object"}, {"properties", {{"answer", field}}}, {"required", json::array({"answer"})}}}};
  if (with_mode) p["mode"] = "form";
  return p;
}

// An ElicitResult as the person's answer.
Answer answer_of(const json& result) {
  std::string action = result.is_object() ? result.value("action", "") : "";
  if (action == "accept") {
    const json* content = result.contains("content") ? &result["content"] : nullptr;
    if (content != nullptr && content->is_object() && content->contains("answer") && (*content)["answer"].is_string()) {
      return {Answer::Kind::answered, (*content)["answer"].get<std::string>(), nullptr};
    }
    return {Answer::Kind::declined, "accept (no answer)", nullptr};
  }
  return {Answer::Kind::declined, action.empty() ? "?" : action, nullptr};
}

class Server {
 public:
  explicit Server(ServerInfo info) : m_info(std::move(info)) {
    m_d.on("initialize", [this](const Message& m, Connection&) { return initialize(m); });
    m_d.on("notifications/initialized", [](const Message&, Connection&) { return HandlerReply{}; });
    m_d.on("ping", [](const Message&, Connection&) { return HandlerReply{json::object(), nullptr}; });
    m_d.on("server/discover", [this](const Message& m, Connection&) { return discover(m); });
    m_d.on("tools/list", [this](const Message& m, Connection&) { return list_tools(m); });
    m_d.on("tools/call", [this](const Message& m, Connection& conn) { return call_tool(m, conn); });
    m_d.on("tasks/get", [this](const Message& m, Connection&) { return task_request(m, "get"); });
    m_d.on("tasks/update", [this](const Message& m, Connection&) { return task_request(m, "update"); });
    m_d.on("tasks/cancel", [this](const Message& m, Connection&) { return task_request(m, "cancel"); });
    m_d.on("notifications/cancelled", [this](const Message& m, Connection&) { return cancelled(m); });
  }

  // At end of input a run still going is stopped as Ctrl-C would stop it, and the server exits
  // once its manifest records that.
  void serve(Connection& conn) {
    m_d.serve(conn);
    m_runs.stop_all_and_wait();
  }

 private:
  // The era and capabilities of one request.
  struct Client {
    bool modern = false;
    bool can_elicit = false;
    bool can_task = false;  // 2026-07-28 with the tasks extension declared on this request
  };

  // Legacy: asks with elicitation/create and waits for the answer on the same stream.
  class LegacyAsker final : public Asker {
   public:
    LegacyAsker(Server& s, Connection& conn, const Message& request, bool can_elicit)
        : m_s(s), m_conn(conn), m_request(request), m_can(can_elicit) {}
    Answer ask(const Question& q) override {
      if (!m_can) return {Answer::Kind::cannot_ask, "", nullptr};
      ClientReply r = m_s.m_d.ask_client(m_conn, "elicitation/create", elicit_params(q, false), *m_request.id);
      switch (r.kind) {
        case ClientReply::Kind::result:
          return answer_of(r.body);
        case ClientReply::Kind::error:
          return {Answer::Kind::declined, "error: " + r.body.value("message", std::string("?")), nullptr};
        case ClientReply::Kind::cancelled:
          return {Answer::Kind::declined, "cancelled", nullptr};
        case ClientReply::Kind::closed:
          return {Answer::Kind::declined, "end of input", nullptr};
      }
      return {Answer::Kind::declined, "?", nullptr};
    }

   private:
    Server& m_s;
    Connection& m_conn;
    const Message& m_request;
    bool m_can;
  };

  // Modern: an answer counts only on a retry that echoes a requestState this server minted for
  // the same question, once; otherwise the question goes back to the client.
  class ModernAsker final : public Asker {
   public:
    ModernAsker(Server& s, const Message& request, bool can_elicit) : m_s(s), m_request(request), m_can(can_elicit) {}
    Answer ask(const Question& q) override {
      if (!m_can) return {Answer::Kind::cannot_ask, "", nullptr};
      const json& p = m_request.params;
      if (p.contains("requestState") && p["requestState"].is_string()) {
        auto it = m_s.m_pending.find(p["requestState"].get<std::string>());
        if (it != m_s.m_pending.end() && it->second == q.bound_to) {
          m_s.m_pending.erase(it);  // single use
          const json* responses = p.contains("inputResponses") && p["inputResponses"].is_object() ? &p["inputResponses"] : nullptr;
          if (responses != nullptr && responses->contains(q.key)) return answer_of((*responses)[q.key]);
        }
      }
      std::string state = fresh_state();
      m_s.remember(state, q.bound_to);
      json result = {{"resultType", "input_required"},
                     {"inputRequests", {{q.key, {{"method", "elicitation/create"}, {"params", elicit_params(q, true)}}}}},
                     {"requestState", state}};
      return {Answer::Kind::input_required, "", result};
    }

   private:
    Server& m_s;
    const Message& m_request;
    bool m_can;
  };

  void remember(const std::string& state, const std::string& bound_to) {
    m_pending[state] = bound_to;
    m_order.push_back(state);
    while (m_order.size() > kMaxPending) {
      m_pending.erase(m_order.front());
      m_order.pop_front();
    }
  }

  json server_capabilities() const { return {{"tools", {{"listChanged", false}}}}; }
  json modern_capabilities() const {
    json c = server_capabilities();
    c["extensions"][kTasksExtension] = json::object();
    return c;
  }
  json server_identity() const { return {{"name", m_info.name}, {"version", m_info.version}}; }

  // A modern result carries its type and the server's identity.
  json finish(json result, const Client& client) const {
    if (client.modern) {
      if (!result.contains("resultType")) result["resultType"] = "complete";
      result["_meta"][kMetaServerInfo] = server_identity();
    }
    return result;
  }

  // The request's era; an error reply when it names a version this server does not speak.
  std::variant<Client, json> client_of(const Message& m) const {
    Client c;
    const json* meta = m.params.contains("_meta") && m.params["_meta"].is_object() ? &m.params["_meta"] : nullptr;
    if (meta != nullptr && meta->contains(kMetaVersion)) {
      const json& v = (*meta)[kMetaVersion];
      if (v != kModernRevision) {
        return make_error(nullptr, kUnsupportedProtocolVersion, "Unsupported protocol version",
                          {{"supported", json::array({kModernRevision, kLegacyRevision})}, {"requested", v}});
      }
      c.modern = true;
      c.can_elicit = declares_elicitation(meta->value(kMetaCapabilities, json()));
      c.can_task = declares_tasks(meta->value(kMetaCapabilities, json()));
      return c;
    }
    c.can_elicit = declares_elicitation(m_legacy_capabilities);
    return c;
  }

  HandlerReply initialize(const Message& m) {
    std::string requested = m.params.value("protocolVersion", json("")).is_string() ? m.params.value("protocolVersion", std::string()) : "";
    m_legacy_capabilities = m.params.value("capabilities", json::object());
    std::string answer = legacy_revisions().count(requested) != 0 ? requested : kLegacyRevision;
    std::cerr << "quark-ptq: mcp: initialize (" << answer << "), elicitation "
              << (declares_elicitation(m_legacy_capabilities) ? "declared" : "not declared") << "\n";
    return {{{"protocolVersion", answer},
             {"capabilities", server_capabilities()},
             {"serverInfo", server_identity()},
             {"instructions", core::msg(m_info.lang, "mcp.instructions")}},
            nullptr};
  }

  HandlerReply discover(const Message& m) {
    auto c = client_of(m);
    if (auto* err = std::get_if<json>(&c)) return {nullptr, *err};
    json r = {{"supportedVersions", json::array({kModernRevision, kLegacyRevision})},
              {"capabilities", modern_capabilities()},
              {"instructions", core::msg(m_info.lang, "mcp.instructions")},
              {"ttlMs", 0},
              {"cacheScope", "public"}};
    Client modern = std::get<Client>(c);
    modern.modern = true;
    return {finish(r, modern), nullptr};
  }

  HandlerReply list_tools(const Message& m) {
    auto c = client_of(m);
    if (auto* err = std::get_if<json>(&c)) return {nullptr, *err};
    json list = json::array();
    for (const auto& t : tools(m_info.lang)) {
      json entry = {{"name", t.name}, {"description", t.description}, {"inputSchema", input_schema(t.params)}};
      entry["annotations"] = {{"readOnlyHint", t.read_only}, {"openWorldHint", false}};
      list.push_back(entry);
    }
    json r = {{"tools", list}};
    if (std::get<Client>(c).modern) {
      r["ttlMs"] = 0;
      r["cacheScope"] = "public";
    }
    return {finish(r, std::get<Client>(c)), nullptr};
  }

  HandlerReply call_tool(const Message& m, Connection& conn) {
    auto cv = client_of(m);
    if (auto* err = std::get_if<json>(&cv)) return {nullptr, *err};
    const Client client = std::get<Client>(cv);
    if (!m.params.contains("name") || !m.params["name"].is_string()) {
      return {nullptr, make_error(nullptr, kInvalidParams, "tools/call needs \"name\"")};
    }
    const std::string name = m.params["name"].get<std::string>();
    const Tool* tool = nullptr;
    for (const auto& t : tools(m_info.lang)) {
      if (t.name == name) tool = &t;
    }
    if (tool == nullptr) return {nullptr, make_error(nullptr, kInvalidParams, "unknown tool: " + name)};
    const json args = m.params.contains("arguments") ? m.params["arguments"] : json::object();

    ToolResult result;
    if (auto bad = check_arguments(name, tool->params, args)) {
      result = {flow::error_document(m_info.lang, *bad), core::to_int(bad->code), nullptr, ""};
    } else {
      json token = nullptr;
      if (m.params.contains("_meta") && m.params["_meta"].is_object() && m.params["_meta"].contains("progressToken")) {
        token = m.params["_meta"]["progressToken"];
      }
      // Progress goes on after the handle was returned, from the run's thread, with the token of
      // the `run` request (as the tasks rule of 2025-11-25 has it); a task reports through
      // tasks/get instead (the tasks extension has no progress notifications).
      auto step = std::make_shared<std::atomic<int>>(0);
      Connection* out = &conn;
      auto notify = [out, token, step](const std::string& message) {
        if (token.is_null()) return;
        out->send({{"jsonrpc", "2.0"},
                   {"method", "notifications/progress"},
                   {"params", {{"progressToken", token}, {"progress", ++*step}, {"message", message}}}});
      };
      Runs::OnChange on_change;
      if (!client.can_task) {
        const core::Lang lang = m_info.lang;
        on_change = [notify, lang](const RunSnapshot& run) { notify(progress_text(lang, run)); };
      }
      LegacyAsker legacy(*this, conn, m, client.can_elicit);
      ModernAsker modern(*this, m, client.can_elicit);
      Asker& asker = client.modern ? static_cast<Asker&>(modern) : static_cast<Asker&>(legacy);
      ToolCall call{args, m_info.lang, asker, notify, m_runs, *m.id, on_change};
      result = tool->call(call);
    }
    if (!result.input_required.is_null()) return {finish(result.input_required, client), nullptr};
    if (!result.run_id.empty() && client.can_task) {
      if (auto run = m_runs.get(result.run_id)) {
        json t = task_of(m_info.lang, *run);
        t["resultType"] = "task";
        return {finish(t, client), nullptr};
      }
    }
    return {finish(call_tool_result(result.doc, result.exit_code), client), nullptr};
  }

  // tasks/get, tasks/update and tasks/cancel of the tasks extension: only for a request that
  // declares it, only for a task this server made.
  HandlerReply task_request(const Message& m, const std::string& verb) {
    auto cv = client_of(m);
    if (auto* err = std::get_if<json>(&cv)) return {nullptr, *err};
    const Client client = std::get<Client>(cv);
    if (!client.can_task) {
      return {nullptr, make_error(nullptr, kMissingClientCapability, "Missing required client capability",
                                  {{"requiredCapabilities", {{"extensions", {{kTasksExtension, json::object()}}}}}})};
    }
    const json id = m.params.value("taskId", json());
    std::optional<RunSnapshot> run = id.is_string() ? m_runs.get(id.get<std::string>()) : std::nullopt;
    if (!run) return {nullptr, make_error(nullptr, kInvalidParams, "Failed to retrieve task: Task not found")};
    if (verb == "cancel") {
      if (!run->ended)
        std::cerr << "quark-ptq: " << core::msg(m_info.lang, "mcp.cancelling", {{"run_id", run->id}, {"workdir", run->workdir}}) << "\n";
      m_runs.cancel(run->id);
    }
    if (verb != "get") return {finish(json::object(), client), nullptr};  // update: no input is ever outstanding
    json t = task_of(m_info.lang, *run);
    return {finish(t, client), nullptr};
  }

  // A notifications/cancelled naming the `run` request that started a run stops that run (the
  // request's own wait for an answer is ended in Dispatcher::ask_client).
  HandlerReply cancelled(const Message& m) {
    if (auto id = m_runs.started_by(m.params.value("requestId", json()))) {
      if (auto run = m_runs.get(*id); run && !run->ended) {
        std::cerr << "quark-ptq: " << core::msg(m_info.lang, "mcp.cancelling", {{"run_id", run->id}, {"workdir", run->workdir}}) << "\n";
      }
      m_runs.cancel(*id);
    }
    return {};
  }

  ServerInfo m_info;
  Dispatcher m_d;
  json m_legacy_capabilities = json::object();
  std::map<std::string, std::string> m_pending;  // requestState -> the question it answers
  std::deque<std::string> m_order;
  Runs m_runs;  // last: destroyed (runs stopped and waited for) first
};

}  // namespace

void serve(const ServerInfo& info, std::istream& in, std::ostream& out) {
  Connection conn(in, out);
  Server server(info);
  server.serve(conn);
}

}  // namespace mcp
