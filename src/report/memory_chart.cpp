#include "report/memory_chart.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/chart_frame.h"
#include "report/html_text.h"
#include "report/numbers.h"

namespace report {

namespace {

using Series = std::optional<double> MemorySample::*;

std::string series(const ChartFrame& f, const std::vector<MemorySample>& timeline, Series field, const char* css_class) {
  std::vector<std::pair<double, double>> points;
  for (const auto& s : timeline) {
    if (s.*field) points.emplace_back(f.px(s.t), f.py(*(s.*field)));
  }
  if (points.empty()) return "";
  if (points.size() == 1) {
    return fmt::format(R"(<circle class="{}" cx="{}" cy="{}" r="3"/>)", css_class, coord(points[0].first), coord(points[0].second));
  }
  std::string list;
  for (const auto& [x, y] : points) list += (list.empty() ? "" : " ") + coord(x) + "," + coord(y);
  return fmt::format(R"(<polyline class="{}" points="{}"/>)", css_class, list);
}

}  // namespace

std::string memory_chart(const std::vector<MemorySample>& timeline, const std::string& label, core::Lang lang) {
  if (timeline.empty()) return "";
  double t_max = 0;
  double mib_max = 0;
  for (const auto& s : timeline) {
    t_max = std::max(t_max, s.t);
    mib_max = std::max({mib_max, s.gpu_mib.value_or(0), s.host_mib.value_or(0)});
  }
  ChartFrame f;
  f.height = 260;
  f.x = nice_axis(0, t_max > 0 ? t_max : 1);
  f.y = nice_axis(0, mib_max > 0 ? mib_max * 1.05 : 1);
  std::string s =
      f.open("memory", html_text(label), html_text(core::msg(lang, "report.axis_seconds")), html_text(core::msg(lang, "report.axis_mib")));
  s += series(f, timeline, &MemorySample::host_mib, "host");
  s += series(f, timeline, &MemorySample::gpu_mib, "gpu");
  return s + "</svg>";
}

}  // namespace report
