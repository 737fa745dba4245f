// A chart axis with round ticks: 1, 2 or 5 times a power of ten, covering the values it is
// given. A single value (or several equal ones) still gets a span around it, so one candidate
// is one point in the middle of a readable chart rather than a division by zero.
#pragma once

#include <string>
#include <vector>

namespace report {

struct Axis {
  double min = 0;
  double max = 1;
  double step = 0.2;
  int decimals = 1;  // enough to tell the ticks apart

  std::vector<double> ticks() const;
  // `v` mapped linearly from [min, max] onto [from, to] (screen coordinates; `to` may be less
  // than `from`, as a y axis is drawn).
  double place(double v, double from, double to) const;
  // A tick's label with the axis's decimals ("-0" never appears).
  std::string label(double v) const;
};

// An axis over [lo, hi] with about `target_ticks` ticks; lo and hi may come in either order,
// and a value that is not finite is left out (none finite: [0, 1]).
Axis nice_axis(double lo, double hi, int target_ticks = 5);

}  // namespace report
