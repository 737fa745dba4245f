#include "cluster/step_memory.h"

#include <charconv>
#include <cmath>

namespace cluster {

std::optional<std::int64_t> parse_size_kib(std::string_view text) {
  if (text.empty()) return std::nullopt;
  double factor_kib = 1.0 / 1024;  // no suffix: bytes
  switch (text.back()) {
    case 'K':
      factor_kib = 1;
      break;
    case 'M':
      factor_kib = 1024;
      break;
    case 'G':
      factor_kib = 1024.0 * 1024;
      break;
    case 'T':
      factor_kib = 1024.0 * 1024 * 1024;
      break;
    case 'P':
      factor_kib = 1024.0 * 1024 * 1024 * 1024;
      break;
    default:
      if (text.back() < '0' || text.back() > '9') return std::nullopt;
  }
  if (factor_kib != 1.0 / 1024) text.remove_suffix(1);
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::fixed);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  double kib = std::round(v * factor_kib);
  // Far beyond any node's memory (2^53 KiB): a line that is not Slurm's.
  if (kib > 9.0e15) return std::nullopt;
  return static_cast<std::int64_t>(kib);
}

std::int64_t kib_to_mib(std::int64_t kib) { return (kib + 512) / 1024; }

}  // namespace cluster
