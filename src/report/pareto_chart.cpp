#include "report/pareto_chart.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/chart_frame.h"
#include "report/html_text.h"
#include "report/numbers.h"
#include "report/sections.h"

namespace report {

namespace {

std::optional<double> threshold_of(const std::vector<Candidate>& cs) {
  for (const auto& c : cs) {
    if (c.evaluation && c.evaluation->threshold_pct) return c.evaluation->threshold_pct;
  }
  return std::nullopt;
}

std::optional<std::int64_t> source_bytes_of(const std::vector<Candidate>& cs) {
  for (const auto& c : cs) {
    if (c.source_bytes) return c.source_bytes;
  }
  return std::nullopt;
}

// One candidate: its SE bar, its point (with a tooltip), its ring when recommended, its name.
std::string point(const ChartFrame& f, const Candidate& c, const SizeUnit& unit, core::Lang lang) {
  const PerplexityDelta& p = *c.perplexity();
  const double size = static_cast<double>(*c.size_bytes) / unit.bytes;
  const double x = f.px(size);
  const double y = f.py(p.delta_pct);
  std::string s = fmt::format(R"(<g class="point {}" data-candidate="{}">)", verdict_class(c.evaluation->verdict), html_text(c.name));
  if (p.se_pct > 0) {
    const double lo = f.py(p.delta_pct - p.se_pct);
    const double hi = f.py(p.delta_pct + p.se_pct);
    s += fmt::format(R"(<path class="se" d="M{0} {1}V{2}M{3} {1}H{4}M{3} {2}H{4}"/>)", coord(x), coord(lo), coord(hi), coord(x - 5),
                     coord(x + 5));
  }
  const std::string verdict = core::msg(lang, "evaluate.status_" + std::string(evaluate::status_name(c.evaluation->verdict)));
  s += fmt::format(R"(<circle cx="{}" cy="{}" r="6"><title>{}</title></circle>)", coord(x), coord(y),
                   html_text(core::msg(lang, "report.point_title",
                                       {{"name", c.name},
                                        {"size", size_in(*c.size_bytes, unit)},
                                        {"unit", std::string(unit.name)},
                                        {"delta", signed_pct(p.delta_pct)},
                                        {"se", plain_pct(p.se_pct)},
                                        {"verdict", verdict}})));
  std::string label = c.name;
  if (c.recommended) {
    s += fmt::format(R"(<circle class="recommended" cx="{}" cy="{}" r="11"/>)", coord(x), coord(y));
    label += " - " + core::msg(lang, "report.recommended");
  }
  if (c.accepted) label += " - " + core::msg(lang, "report.accepted");
  // Names go left of points in the right third, so they stay inside the frame.
  const bool left_side = x > f.left + (f.width - f.left - f.right) * 2 / 3;
  s += fmt::format(R"(<text class="point-label" x="{}" y="{}" text-anchor="{}">{}</text>)", coord(left_side ? x - 14 : x + 14),
                   coord(y - 8), left_side ? "end" : "start", html_text(label));
  return s + "</g>";
}

}  // namespace

bool on_pareto_chart(const Candidate& c) { return c.size_bytes && c.perplexity() != nullptr; }

std::string pareto_chart(const std::vector<Candidate>& candidates, core::Lang lang) {
  const std::optional<double> threshold = threshold_of(candidates);
  const std::optional<std::int64_t> source = source_bytes_of(candidates);
  std::int64_t largest = source.value_or(0);
  double y_lo = 0;
  double y_hi = threshold.value_or(0);
  bool any = false;
  for (const auto& c : candidates) {
    if (!on_pareto_chart(c)) continue;
    any = true;
    largest = std::max(largest, *c.size_bytes);
    y_lo = std::min(y_lo, c.perplexity()->delta_pct - c.perplexity()->se_pct);
    y_hi = std::max(y_hi, c.perplexity()->delta_pct + c.perplexity()->se_pct);
  }
  const SizeUnit unit = report_size_unit(candidates);
  ChartFrame f;
  f.x = nice_axis(0, largest > 0 ? static_cast<double>(largest) / unit.bytes * 1.05 : 1.0);
  // Room above and below the points for their labels.
  const double pad = (y_hi - y_lo) * 0.08;
  f.y = nice_axis(y_lo - pad, y_hi + pad);
  std::string s = f.open("pareto", html_text(core::msg(lang, "report.pareto_heading")),
                         html_text(core::msg(lang, "report.axis_size", {{"unit", std::string(unit.name)}})),
                         html_text(core::msg(lang, "report.axis_delta")));
  const double x0 = f.left;
  const double x1 = f.width - f.right;
  s += fmt::format(R"(<line class="zero" x1="{0}" y1="{1}" x2="{2}" y2="{1}"/>)", coord(x0), coord(f.py(0)), coord(x1));
  if (threshold) {
    const double y = f.py(*threshold);
    s += fmt::format(R"(<line class="threshold" x1="{0}" y1="{1}" x2="{2}" y2="{1}"/>)", coord(x0), coord(y), coord(x1));
    s += fmt::format(R"(<text class="threshold-label" x="{}" y="{}" text-anchor="end">{}</text>)", coord(x1 - 4), coord(y - 6),
                     html_text(core::msg(lang, "report.threshold_mark", {{"value", signed_pct(*threshold)}})));
  }
  if (source) {
    const double x = f.px(static_cast<double>(*source) / unit.bytes);
    const double y = f.py(0);
    s += fmt::format(R"(<g class="source"><rect x="{}" y="{}" width="10" height="10"/>)", coord(x - 5), coord(y - 5));
    s +=
        fmt::format(R"(<text x="{}" y="{}" text-anchor="end">{}</text></g>)", coord(x - 10), coord(y + 18),
                    html_text(core::msg(lang, "report.source_mark", {{"size", size_in(*source, unit)}, {"unit", std::string(unit.name)}})));
  }
  for (const auto& c : candidates) {
    if (on_pareto_chart(c)) s += point(f, c, unit, lang);
  }
  if (!any) {
    s += fmt::format(R"(<text class="empty" x="{}" y="{}" text-anchor="middle">{}</text>)", coord((x0 + x1) / 2),
                     coord((f.top + f.height - f.bottom) / 2), html_text(core::msg(lang, "report.pareto_empty")));
  }
  return s + "</svg>";
}

}  // namespace report
