// The last lines of a child's output kept in memory for the diagnosis and the record: about
// `keep` bytes, cut at a line boundary, trimmed only when twice that has built up (so a long
// run costs one erase per `keep` bytes, not one per line).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace runner {

inline void append_tail_line(std::string& tail, std::string_view line, std::size_t keep) {
  tail.append(line);
  tail.push_back('\n');
  if (tail.size() > 2 * keep) {
    auto cut = tail.find('\n', tail.size() - keep);
    tail.erase(0, cut == std::string::npos ? tail.size() - keep : cut + 1);
  }
}

}  // namespace runner
