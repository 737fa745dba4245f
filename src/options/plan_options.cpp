#include "options/plan_options.h"

#include "core/text.h"

namespace options {

std::vector<std::string> algorithm_list(const PlanOptions& o) {
  std::vector<std::string> out;
  for (const auto& piece : core::split(o.algo, ',')) {
    std::string_view name = core::trim(piece, " ");
    if (!name.empty()) out.emplace_back(name);
  }
  return out;
}

core::Result<std::vector<Override>> override_pairs(const PlanOptions& o) {
  std::vector<Override> out;
  for (const auto& ov : o.overrides) {
    auto eq = ov.rfind('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == ov.size()) {
      return core::make_error(core::ExitCode::usage, "plan.bad_override").with("value", ov);
    }
    out.emplace_back(ov.substr(0, eq), ov.substr(eq + 1));
  }
  return out;
}

}  // namespace options
