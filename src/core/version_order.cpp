#include "core/version_order.h"

#include <algorithm>
#include <cctype>

namespace core {

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

int compare_versions(std::string_view a, std::string_view b) {
  auto x = parse_version(a);
  auto y = parse_version(b);
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  return compare_versions(*x, *y);
}

}  // namespace core
