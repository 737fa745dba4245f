// How the report writes its numbers: one place, so that the table, the charts and the tests
// that read the rendered page back agree on every digit.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace report {

// The unit sizes are shown in: the largest of KiB, MiB and GiB that keeps `largest_bytes` at
// 1 or more of it (KiB below that).
struct SizeUnit {
  std::string_view name;  // "GiB", "MiB", "KiB"
  double bytes = 1;
};
SizeUnit size_unit(std::int64_t largest_bytes);

// "0.13" in `unit` (two decimals).
std::string size_in(std::int64_t bytes, const SizeUnit& unit);
// "+2.35": a perplexity delta or a threshold in percent, signed, two decimals.
std::string signed_pct(double v);
// "0.41": a standard error in percent, two decimals.
std::string plain_pct(double v);
// "87.3": a share (0..1) as percent, one decimal.
std::string share_pct(double share);
// "48": seconds, whole.
std::string whole(double v);
// A coordinate inside an SVG: one decimal.
std::string coord(double v);

}  // namespace report
