#include "knowledge/plan_targets.h"

#include "core/embedded.h"
#include "knowledge/data_error.h"
#include "knowledge/strict_fields.h"

namespace knowledge {

namespace {

constexpr std::string_view kPath = "knowledge/plan/targets.json";

}  // namespace

core::Result<PlanTargets> parse_plan_targets(const core::Json& doc) {
  StrictFields f{std::string(kPath)};
  PlanTargets out;
  const core::Json& targets = f.array(doc, "", "targets");
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const std::string at = "/targets/" + std::to_string(i);
    const core::Json& t = targets[i];
    TargetSpec s;
    s.name = f.string(t, at, "name");
    s.vendor = f.string(t, at, "vendor");
    s.arch = f.string(t, at, "arch");
    if (!t.contains("memory_gib") || !t["memory_gib"].is_null()) s.memory_gib = f.number(t, at, "memory_gib");
    s.match = f.strings(t, at, "match");
    out.targets.push_back(std::move(s));
  }
  const core::Json& detectors = f.array(doc, "", "detectors");
  for (std::size_t i = 0; i < detectors.size(); ++i) {
    const std::string at = "/detectors/" + std::to_string(i);
    out.detectors.push_back({f.string(detectors[i], at, "program"), f.strings(detectors[i], at, "args")});
  }
  QPTQ_TRY(f.result());
  return out;
}

core::Result<const PlanTargets*> plan_targets() {
  static const core::Result<PlanTargets> parsed = []() -> core::Result<PlanTargets> {
    auto text = core::embedded_file(kPath);
    if (!text) return core::fail(data_missing(kPath));
    QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(*text, kPath));
    return parse_plan_targets(doc);
  }();
  if (!parsed) return parsed.error();
  return &parsed.value();
}

}  // namespace knowledge
