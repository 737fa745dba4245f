// The frame both charts share: the plot area inside an SVG of a fixed size, the grid at the
// axes' ticks, the tick labels and the axis titles. Titles arrive as text already made safe
// (html_text).
#pragma once

#include <string>

#include "report/axis.h"

namespace report {

struct ChartFrame {
  double width = 720;
  double height = 360;
  double left = 72;  // room for the y tick labels and title
  double right = 24;
  double top = 16;
  double bottom = 52;  // room for the x tick labels and title
  Axis x;
  Axis y;

  double px(double v) const { return x.place(v, left, width - right); }
  double py(double v) const { return y.place(v, height - bottom, top); }

  // <svg ...> with `label` (safe text) as its accessible name, then the grid, the ticks and
  // the titles; the caller adds its marks and closes the element.
  std::string open(const std::string& css_class, const std::string& label, const std::string& x_title, const std::string& y_title) const;
};

}  // namespace report
