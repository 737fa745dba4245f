#include "flow/risk_text.h"

#include <optional>
#include <utility>
#include <vector>

namespace flow {

namespace {

std::string severity_text(core::Lang lang, const std::string& value) {
  const std::string id = "enum.severity." + value;
  return core::catalog_has(lang, id) ? core::msg(lang, id) : value;
}

std::vector<core::MessageArg> message_args(const std::vector<std::pair<std::string, std::string>>& args) {
  std::vector<core::MessageArg> out;
  for (const auto& [name, value] : args) out.push_back({name, value});
  return out;
}

// "[severity] (from the analysis) text": the text from the catalog id when it has one, else the
// recorded English words.
std::string line_of(core::Lang lang, const std::string& severity, bool from_analysis, const std::optional<std::string>& id,
                    const std::vector<core::MessageArg>& args, const std::string& message) {
  const bool by_id = id && !id->empty() && core::catalog_has(core::Lang::en, *id);
  const std::string text = by_id ? core::msg(lang, *id, args) : (message.empty() ? "-" : message);
  const std::string from = from_analysis ? core::msg(lang, "cli.risk_from_analysis") + " " : "";
  return "[" + severity_text(lang, severity.empty() ? "?" : severity) + "] " + from + text;
}

template <typename Risk>
std::string list_of(core::Lang lang, const std::vector<Risk>& risks, const std::string& none) {
  if (risks.empty()) return none;
  std::string out;
  for (const Risk& r : risks) {
    out += (out.empty() ? "" : "\n") + risk_line(lang, r);
    if (std::string hint = risk_hint(lang, r); !hint.empty()) out += "\n   -> " + hint;
  }
  return out;
}

}  // namespace

std::string risk_line(core::Lang lang, const artifacts::AnalysisRisk& r) {
  return line_of(lang, r.severity, false, r.id, r.args, r.message);
}

std::string risk_hint(core::Lang lang, const artifacts::AnalysisRisk& r) {
  if (r.id && !r.id->empty() && core::catalog_has(core::Lang::en, *r.id + "_hint")) return core::msg(lang, *r.id + "_hint", r.args);
  return r.recovery_hint.value_or("");
}

std::string risk_line(core::Lang lang, const artifacts::PlanRiskRecord& r) {
  return line_of(lang, r.severity, r.origin == "analysis", r.id, message_args(r.args), r.message);
}

std::string risk_hint(core::Lang lang, const artifacts::PlanRiskRecord& r) {
  if (r.hint) return r.hint->id.empty() ? r.hint->text : core::msg(lang, r.hint->id, message_args(r.hint->args));
  if (r.id && !r.id->empty() && core::catalog_has(core::Lang::en, *r.id + "_hint"))
    return core::msg(lang, *r.id + "_hint", message_args(r.args));
  return "";
}

std::string risk_list(core::Lang lang, const std::vector<artifacts::AnalysisRisk>& risks, const std::string& none) {
  return list_of(lang, risks, none);
}

std::string risk_list(core::Lang lang, const std::vector<artifacts::PlanRiskRecord>& risks, const std::string& none) {
  return list_of(lang, risks, none);
}

}  // namespace flow
