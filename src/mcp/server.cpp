#include "mcp/server.h"

#include <filesystem>
#include <system_error>

#include "workflow/state.h"

namespace qptq::mcp {

using nlohmann::json;

namespace {

json tool_error(const std::string& text, int exit_code) {
  return {{"isError", true},
          {"content", json::array({{{"type", "text"}, {"text", text}}})},
          {"structuredContent", {{"exit_code", exit_code}, {"message", text}}}};
}

json tool_ok(const json& doc) {
  return {{"content", json::array({{{"type", "text"}, {"text", doc.dump()}}})},
          {"structuredContent", doc}};
}

json workdir_schema() {
  return {{"type", "object"},
          {"properties", {{"workdir", {{"type", "string"}, {"description", "the workflow's directory"}}}}},
          {"required", json::array({"workdir"})}};
}

// Tools in a fixed order, so that tools/list is the same on every call.
json tool_list() {
  return json::array({
      {{"name", "status"},
       {"description", "Where the workflow in WORKDIR stands: artifacts, checkpoints, the run (quark-ptq status --json)."},
       {"inputSchema", workdir_schema()},
       {"annotations", {{"readOnlyHint", true}}}},
  });
}

json call_status(const json& args) {
  if (!args.contains("workdir") || !args["workdir"].is_string())
    return tool_error("status needs \"workdir\" (a directory path)", 2);
  std::error_code ec;
  auto wd = std::filesystem::absolute(args["workdir"].get<std::string>(), ec);
  if (ec || !std::filesystem::is_directory(wd, ec))
    return tool_error("workdir is not a directory: " + args["workdir"].get<std::string>(),
                      core::to_int(core::ExitCode::bad_input));
  auto s = workflow::evaluate(workflow::Workdir{wd});
  if (!s) return tool_error(s.error().id + (s.error().detail.empty() ? "" : ": " + s.error().detail),
                            core::to_int(s.error().code));
  json doc = s->to_json();
  doc["workdir"] = wd.string();
  return tool_ok(doc);
}

}  // namespace

Dispatcher make_server(const ServerInfo& info) {
  Dispatcher d;
  d.on("initialize", [info](const Message&) {
    return HandlerReply{{{"protocolVersion", kProtocolRevision},
                         {"capabilities", {{"tools", {{"listChanged", false}}}}},
                         {"serverInfo", {{"name", info.name}, {"version", info.version}}}},
                        nullptr};
  });
  d.on("notifications/initialized", [](const Message&) { return HandlerReply{}; });
  d.on("ping", [](const Message&) { return HandlerReply{json::object(), nullptr}; });
  d.on("tools/list", [](const Message&) { return HandlerReply{{{"tools", tool_list()}}, nullptr}; });
  d.on("tools/call", [](const Message& m) {
    const std::string name = m.params.value("name", "");
    const json args = m.params.value("arguments", json::object());
    if (name == "status") return HandlerReply{call_status(args), nullptr};
    return HandlerReply{nullptr, make_error(nullptr, kInvalidParams, "unknown tool: " + name)};
  });
  return d;
}

}  // namespace qptq::mcp
