#include "report/chart_frame.h"

#include <fmt/format.h>

#include "report/numbers.h"

namespace report {

std::string ChartFrame::open(const std::string& css_class, const std::string& label, const std::string& x_title,
                             const std::string& y_title) const {
  std::string s = fmt::format(
      R"(<svg class="{}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="{}" height="{}" role="img" aria-label="{}">)",
      css_class, width, height, width, height, label);
  s += fmt::format("<title>{}</title>", label);
  const double x0 = left;
  const double x1 = width - right;
  const double y0 = height - bottom;
  const double y1 = top;
  s += R"(<g class="grid">)";
  for (double t : x.ticks()) {
    s += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>)", coord(px(t)), coord(y0), coord(y1));
  }
  for (double t : y.ticks()) {
    s += fmt::format(R"(<line x1="{1}" y1="{0}" x2="{2}" y2="{0}"/>)", coord(py(t)), coord(x0), coord(x1));
  }
  s += "</g>";
  s += fmt::format(R"(<rect class="plot" x="{}" y="{}" width="{}" height="{}"/>)", coord(x0), coord(y1), coord(x1 - x0), coord(y0 - y1));
  s += R"(<g class="ticks">)";
  for (double t : x.ticks()) {
    s += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle">{}</text>)", coord(px(t)), coord(y0 + 18), x.label(t));
  }
  for (double t : y.ticks()) {
    s += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" dominant-baseline="middle">{}</text>)", coord(x0 - 8), coord(py(t)),
                     y.label(t));
  }
  s += "</g>";
  s += fmt::format(R"(<text class="axis-title" x="{}" y="{}" text-anchor="middle">{}</text>)", coord((x0 + x1) / 2), coord(height - 10),
                   x_title);
  s += fmt::format(R"svg(<text class="axis-title" transform="translate(16 {}) rotate(-90)" text-anchor="middle">{}</text>)svg",
                   coord((y0 + y1) / 2), y_title);
  return s;
}

}  // namespace report
