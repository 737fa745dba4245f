#include "cli/comparison_view.h"

#include "flow/comparison_text.h"

namespace cli {

void show_comparison(const Console& c, const core::Json& plan) {
  for (const auto& line : flow::comparison_lines(c.lang(), plan)) c.line(line);
}

}  // namespace cli
