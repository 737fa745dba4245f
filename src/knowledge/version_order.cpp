#include "knowledge/version_order.h"

#include <cstdint>
#include <vector>

namespace knowledge {

namespace {

std::vector<std::uint64_t> components(std::string_view v) {
  std::vector<std::uint64_t> out;
  std::size_t i = 0;
  while (i < v.size()) {
    std::uint64_t n = 0;
    bool digits = false;
    while (i < v.size() && v[i] >= '0' && v[i] <= '9') {
      if (n < (UINT64_MAX - 9) / 10) n = n * 10 + static_cast<std::uint64_t>(v[i] - '0');
      digits = true;
      ++i;
    }
    if (!digits) break;  // "dev0", "rc1": the numeric prefix decides
    out.push_back(n);
    while (i < v.size() && v[i] != '.') ++i;  // skip a tail like "rc1" inside a component
    if (i < v.size()) ++i;
  }
  return out;
}

}  // namespace

int compare_versions(std::string_view a, std::string_view b) {
  auto x = components(a);
  auto y = components(b);
  std::size_t n = x.size() > y.size() ? x.size() : y.size();
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t p = i < x.size() ? x[i] : 0;
    std::uint64_t q = i < y.size() ? y[i] : 0;
    if (p != q) return p < q ? -1 : 1;
  }
  return 0;
}

}  // namespace knowledge
