#include "cluster/resources.h"

#include <string>

#include "cluster/job_state.h"

namespace cluster {

namespace {

bool all_digits(std::string_view s) {
  if (s.empty() || s.size() > 12) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

core::Result<std::uint64_t> parse_mem_mib(std::string_view text) {
  auto bad = [&] { return core::make_error(core::ExitCode::bad_input, "cluster.bad_mem").with("value", std::string(text)); };
  std::string_view digits = text;
  std::uint64_t kib_per_unit = 1024;  // MiB
  if (!digits.empty() && !all_digits(digits.substr(digits.size() - 1))) {
    switch (digits.back()) {
      case 'K':
      case 'k':
        kib_per_unit = 1;
        break;
      case 'M':
      case 'm':
        break;
      case 'G':
      case 'g':
        kib_per_unit = 1024ull * 1024;
        break;
      case 'T':
      case 't':
        kib_per_unit = 1024ull * 1024 * 1024;
        break;
      default:
        return bad();
    }
    digits.remove_suffix(1);
  }
  if (!all_digits(digits)) return bad();
  const std::uint64_t n = std::stoull(std::string(digits));
  const std::uint64_t mib = (n * kib_per_unit + 1023) / 1024;
  if (mib == 0) return bad();
  return mib;
}

core::Result<unsigned> parse_time_limit_minutes(std::string_view text) {
  auto bad = [&] { return core::make_error(core::ExitCode::bad_input, "cluster.bad_time_limit").with("value", std::string(text)); };
  long seconds = 0;
  if (all_digits(text)) {
    seconds = std::stol(std::string(text)) * 60;
  } else if (auto d = parse_duration(text); d && text.find('.') == std::string_view::npos) {
    seconds = *d;
  } else {
    return bad();
  }
  if (seconds <= 0 || seconds > 365L * 24 * 3600) return bad();
  return static_cast<unsigned>((seconds + 59) / 60);
}

}  // namespace cluster
