#include "manifest/recorded_messages.h"

#include "artifacts/prepared_manifest.h"

namespace manifest {

namespace {

RecordedMessage recorded_message(const core::Json& item) {
  RecordedMessage m;
  if (const core::Json* a = core::json_object(item, "args")) {
    for (auto it = a->begin(); it != a->end(); ++it)
      m.args.push_back({it.key(), it->is_string() ? it->get<std::string>() : core::dump_compact(*it)});
  }
  m.id = core::json_string(item, "message_id");
  m.text = core::json_string(item, "message");
  return m;
}

}  // namespace

std::vector<UnpassedCheck> unpassed_checks(const core::Json& manifest) {
  std::vector<UnpassedCheck> out;
  const core::Json* checks = core::json_at(manifest, "result/checks");
  if (checks == nullptr || !checks->is_array()) return out;
  for (const auto& check : *checks) {
    std::string status = check.is_object() ? core::json_string(check, "status").value_or("") : "";
    if (status == "fail" || status == "partial") out.push_back({status, recorded_message(check)});
  }
  return out;
}

std::vector<RecordedMessage> blocking_problems(const core::Json& manifest) {
  std::vector<RecordedMessage> out;
  const auto env = artifacts::prepared_sections_as_read(manifest).environment;
  if (!env || !env->verdict) return out;
  for (const auto& p : env->verdict->problems) {
    if (!p.blocking()) continue;
    RecordedMessage m;
    m.id = p.message_id;
    if (p.args) m.args = *p.args;
    if (!p.message.empty()) m.text = p.message;
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace manifest
