#include "envprobe/version_spec.h"

#include <cctype>

namespace envprobe {

std::optional<Version> parse_version(std::string_view text) {
  auto plus = text.find('+');
  if (plus != std::string_view::npos) text = text.substr(0, plus);
  if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) text.remove_prefix(1);
  Version v;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) break;
    long n = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      n = n * 10 + (text[i] - '0');
      if (n > 1'000'000'000) return std::nullopt;
      ++i;
    }
    v.release.push_back(n);
    if (i < text.size() && text[i] == '.' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      ++i;
      continue;
    }
    break;
  }
  if (v.release.empty()) return std::nullopt;
  std::string_view rest = text.substr(i);
  if (!rest.empty() && rest.front() == '.') rest.remove_prefix(1);
  if (rest.rfind("post", 0) == 0) return v;  // a post-release sorts with its release here
  if (!rest.empty())
    v.pre = rest.rfind("a", 0) == 0 || rest.rfind("b", 0) == 0 || rest.rfind("rc", 0) == 0 || rest.rfind("dev", 0) == 0 ||
            rest.rfind("alpha", 0) == 0 || rest.rfind("beta", 0) == 0;
  return v;
}

int compare_versions(const Version& a, const Version& b) {
  std::size_t n = std::max(a.release.size(), b.release.size());
  for (std::size_t i = 0; i < n; ++i) {
    long x = i < a.release.size() ? a.release[i] : 0;
    long y = i < b.release.size() ? b.release[i] : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  if (a.pre != b.pre) return a.pre ? -1 : 1;
  return 0;
}

std::optional<bool> satisfies(std::string_view version, std::string_view spec) {
  auto v = parse_version(version);
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
      auto bound = parse_version(clause.substr(op.size()));
      if (!bound) return std::nullopt;
      int c = compare_versions(*v, *bound);
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
