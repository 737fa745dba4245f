#include "report/axis.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace report {

namespace {

// The round step nearest above `raw`: 1, 2 or 5 times a power of ten.
double nice_step(double raw) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / magnitude;
  const double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return nice * magnitude;
}

}  // namespace

std::vector<double> Axis::ticks() const {
  std::vector<double> out;
  const long n = std::lround((max - min) / step);
  for (long i = 0; i <= n; ++i) {
    double v = min + static_cast<double>(i) * step;
    if (std::fabs(v) < step * 1e-9) v = 0;  // 0 as 0, not 1e-17
    out.push_back(v);
  }
  return out;
}

double Axis::place(double v, double from, double to) const { return from + (v - min) / (max - min) * (to - from); }

std::string Axis::label(double v) const {
  std::string s = fmt::format("{:.{}f}", v, decimals);
  if (s.find_first_not_of("-0.") == std::string::npos && s.front() == '-') s.erase(0, 1);
  return s;
}

Axis nice_axis(double lo, double hi, int target_ticks) {
  if (!std::isfinite(lo)) lo = hi;
  if (!std::isfinite(hi)) hi = lo;
  if (!std::isfinite(lo)) {
    lo = 0;
    hi = 1;
  }
  if (lo > hi) std::swap(lo, hi);
  if (hi - lo <= std::max(std::fabs(lo), std::fabs(hi)) * 1e-9) {
    // One value: a span of a tenth of it each side (1 each side of 0).
    const double pad = lo == 0 ? 1.0 : std::fabs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  Axis a;
  a.step = nice_step((hi - lo) / std::max(1, target_ticks - 1));
  a.min = std::floor(lo / a.step + 1e-9) * a.step;
  a.max = std::ceil(hi / a.step - 1e-9) * a.step;
  if (a.max <= a.min) a.max = a.min + a.step;
  a.decimals = std::max(0, static_cast<int>(-std::floor(std::log10(a.step) + 1e-9)));
  return a;
}

}  // namespace report
