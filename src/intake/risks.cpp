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

core::Json RiskList::to_json() const {
  core::Json out = core::Json::array();
  for (const auto& r : m_items) {
    core::Json args = core::Json::object();
    for (const auto& a : r.args) args[a.name] = a.value;
    out.push_back({{"severity", severity_name(r.severity)},
                   {"message", core::msg(core::Lang::en, r.id, r.args)},
                   {"recovery_hint", core::msg(core::Lang::en, r.id + "_hint", r.args)},
                   {"id", r.id},
                   {"args", std::move(args)},
                   {"makes_partial", r.makes_partial}});
  }
  return out;
}

}  // namespace intake
