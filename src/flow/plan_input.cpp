#include "flow/plan_input.h"

#include "core/json_io.h"

namespace flow {

std::optional<plan::PlanFile> read_plan_input(const core::fs::path& path) {
  auto doc = core::read_json_file(path);
  if (!doc || !doc->is_object()) return std::nullopt;
  auto plan = plan::read_plan_file(*doc);
  if (!plan) return std::nullopt;
  return std::move(plan).value();
}

}  // namespace flow
