#include "cli/comparison_view.h"

#include "artifacts/plan_upgrade.h"
#include "flow/comparison_text.h"

namespace cli {

void show_comparison(const Console& c, const core::Json& doc) {
  // A plan that does not read has said so with its decision table, shown before.
  auto plan = artifacts::read_quant_plan(doc);
  if (!plan) return;
  for (const auto& line : flow::comparison_lines(c.lang(), *plan)) c.line(line);
}

}  // namespace cli
