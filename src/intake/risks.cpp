#include "intake/risks.h"

#include "core/messages.h"

namespace intake {

namespace {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::low:
      return "low";
    case Severity::medium:
      return "medium";
    case Severity::high:
      break;
  }
  return "high";
}

}  // namespace

void RiskList::add(Severity severity, std::string_view id, std::vector<core::MessageArg> args) {
  m_items.push_back({severity, std::string(id), std::move(args), false});
}

void RiskList::add_partial(Severity severity, std::string_view id, std::vector<core::MessageArg> args) {
  m_items.push_back({severity, std::string(id), std::move(args), true});
}

bool RiskList::any_partial() const {
  for (const auto& r : m_items) {
    if (r.makes_partial) return true;
  }
  return false;
}

std::vector<artifacts::AnalysisRisk> RiskList::records() const {
  std::vector<artifacts::AnalysisRisk> out;
  for (const auto& r : m_items) {
    out.push_back({severity_name(r.severity), core::msg(core::Lang::en, r.id, r.args), core::msg(core::Lang::en, r.id + "_hint", r.args),
                   r.id, r.args, r.makes_partial});
  }
  return out;
}

core::Json RiskList::to_json() const { return artifacts::to_json(records()); }

}  // namespace intake
