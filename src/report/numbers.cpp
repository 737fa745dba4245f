#include "report/numbers.h"

#include <fmt/format.h>

namespace report {

SizeUnit size_unit(std::int64_t largest_bytes) {
  constexpr double kKiB = 1024.0;
  constexpr double kMiB = kKiB * 1024;
  constexpr double kGiB = kMiB * 1024;
  const auto b = static_cast<double>(largest_bytes);
  if (b >= kGiB) return {"GiB", kGiB};
  if (b >= kMiB) return {"MiB", kMiB};
  return {"KiB", kKiB};
}

std::string size_in(std::int64_t bytes, const SizeUnit& unit) { return fmt::format("{:.2f}", static_cast<double>(bytes) / unit.bytes); }

std::string signed_pct(double v) { return fmt::format("{:+.2f}", v); }

std::string plain_pct(double v) { return fmt::format("{:.2f}", v); }

std::string share_pct(double share) { return fmt::format("{:.1f}", share * 100); }

std::string whole(double v) { return fmt::format("{:.0f}", v); }

std::string coord(double v) { return fmt::format("{:.1f}", v); }

}  // namespace report
