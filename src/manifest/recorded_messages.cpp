#include "manifest/recorded_messages.h"

#include "artifacts/prepared_manifest.h"
#include "artifacts/run_manifest.h"

namespace manifest {

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
