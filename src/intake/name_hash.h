// A fast hash for tensor and module names (~50 bytes each, ~47k per checkpoint): eight bytes
// at a time, where std::hash (murmur) cost a tenth of the header pass. Seeded per process
// (ASLR) so that crafted names cannot count on piling up in one bucket.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace intake {

inline std::uint64_t process_seed() {
  static const int anchor = 0;
  return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&anchor));
}

inline std::uint64_t name_hash(std::string_view s, std::uint64_t seed) {
  constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;
  std::uint64_t h = (seed ^ s.size()) * kMul;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * kMul;
    h ^= h >> 29;
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, s.data() + i, s.size() - i);
  h = (h ^ tail) * kMul;
  return h ^ (h >> 32);
}

// For unordered containers keyed by names.
struct NameHash {
  std::size_t operator()(std::string_view s) const { return static_cast<std::size_t>(name_hash(s, process_seed())); }
};

}  // namespace intake
