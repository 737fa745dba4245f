#include "manifest/recorded_messages.h"

#include "artifacts/run_manifest.h"

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
  const std::optional<artifacts::Result> result = artifacts::manifest_result_as_read(manifest);
  if (!result) return out;
  for (const auto& check : result->checks) {
    if (check.status != "fail" && check.status != "partial") continue;
    RecordedMessage m;
    m.id = check.message_id.empty() ? std::nullopt : std::optional<std::string>(check.message_id);
    m.args = check.args;
    m.text = check.message.empty() ? std::nullopt : std::optional<std::string>(check.message);
    out.push_back({check.status, std::move(m)});
  }
  return out;
}

std::vector<RecordedMessage> blocking_problems(const core::Json& manifest) {
  std::vector<RecordedMessage> out;
  const core::Json* problems = core::json_at(manifest, "environment/verdict/problems");
  if (problems == nullptr || !problems->is_array()) return out;
  for (const auto& p : *problems) {
    if (p.is_object() && core::json_string(p, "severity").value_or("") == "blocking") out.push_back(recorded_message(p));
  }
  return out;
}

}  // namespace manifest
