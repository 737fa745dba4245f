#include "envprobe/version_spec.h"

namespace envprobe {

std::optional<bool> satisfies(std::string_view version, std::string_view spec) {
  auto v = core::parse_version(version);
  if (!v) return std::nullopt;
  bool all = true;
  std::size_t start = 0;
  while (start <= spec.size()) {
    auto comma = spec.find(',', start);
    std::string_view clause = spec.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    while (!clause.empty() && clause.front() == ' ') clause.remove_prefix(1);
    while (!clause.empty() && clause.back() == ' ') clause.remove_suffix(1);
    if (!clause.empty() && clause != "*") {
      std::string_view op;
      for (std::string_view cand : {">=", "<=", "==", "!=", ">", "<"}) {
        if (clause.rfind(cand, 0) == 0) {
          op = cand;
          break;
        }
      }
      if (op.empty()) return std::nullopt;
      auto bound = core::parse_version(clause.substr(op.size()));
      if (!bound) return std::nullopt;
      int c = core::compare_versions(*v, *bound);
      bool ok = (op == ">=" && c >= 0) || (op == "<=" && c <= 0) || (op == "==" && c == 0) || (op == "!=" && c != 0) ||
                (op == ">" && c > 0) || (op == "<" && c < 0);
      all = all && ok;
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return all;
}

}  // namespace envprobe
