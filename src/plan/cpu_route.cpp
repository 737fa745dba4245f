#include "core/fs.h"
#include "plan/cpu_route.h"

#include <cstdlib>

#include "plan/planner_steps.h"

namespace plan {

bool quark_needs_gpu_to_quantize(const std::string& version) {
  char* end = nullptr;
  long major = std::strtol(version.c_str(), &end, 10);
  if (end == version.c_str()) return false;  // unknown: nothing to say
  long minor = (*end == '.') ? std::strtol(end + 1, nullptr, 10) : 0;
  return major > 0 || minor >= 13;
}

void check_cpu_route(const PlanInputs& in, Plan& p) {
  if (in.target.arch != "cpu" || in.caps == nullptr) return;
  if (!quark_needs_gpu_to_quantize(in.caps->quark_version)) return;
  detail::add_problem(p, "cpu_needs_quark_0_12", detail::txt("plan.problem.cpu_needs_quark_0_12", {{"version", in.caps->quark_version}}),
                      detail::txt("plan.fix.cpu_needs_quark_0_12", {{"setup", core::checkout_path("scripts/setup-quark-cpu-env.sh")},
                                                                    {"cpu_python", core::checkout_path(".venv-quark-cpu/bin/python")}}));
}

}  // namespace plan
