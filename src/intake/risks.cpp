#include "intake/risks.h"

#include "core/messages.h"

namespace intake {

void RiskList::add(std::string_view severity, std::string_view id, std::vector<core::MessageArg> args, bool makes_partial) {
  m_items.push_back({std::string(severity), std::string(id), std::move(args), makes_partial});
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
    out.push_back({{"severity", r.severity},
                   {"message", core::msg(core::Lang::en, r.id, r.args)},
                   {"recovery_hint", core::msg(core::Lang::en, r.id + "_hint", r.args)},
                   {"id", r.id},
                   {"args", std::move(args)},
                   {"makes_partial", r.makes_partial}});
  }
  return out;
}

}  // namespace intake
