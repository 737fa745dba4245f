#include "core/glob_match.h"

#include <cstddef>

namespace core {

namespace {

// Matches the set starting at pattern[pi] == '[' against c. Returns the index just past the
// closing ']' in `end`; when there is no closing bracket the '[' is a literal (as in Python).
bool match_set(std::string_view pattern, std::size_t pi, char c, std::size_t& end, bool& is_set) {
  std::size_t i = pi + 1;
  bool negate = false;
  if (i < pattern.size() && pattern[i] == '!') {
    negate = true;
    ++i;
  }
  std::size_t first = i;
  // A ']' right after '[' or '[!' is a member, not the end.
  if (i < pattern.size() && pattern[i] == ']') ++i;
  while (i < pattern.size() && pattern[i] != ']') ++i;
  if (i >= pattern.size()) {
    is_set = false;
    return false;
  }
  is_set = true;
  end = i + 1;
  bool hit = false;
  for (std::size_t k = first; k < i; ++k) {
    if (k + 2 < i && pattern[k + 1] == '-') {
      if (pattern[k] <= c && c <= pattern[k + 2]) hit = true;
      k += 2;
    } else if (pattern[k] == c) {
      hit = true;
    }
  }
  return hit != negate;
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view text) {
  // Iterative matcher with one backtrack point for the last '*' (linear in practice).
  std::size_t pi = 0;
  std::size_t ti = 0;
  std::size_t star_pi = std::string_view::npos;
  std::size_t star_ti = 0;
  while (ti < text.size()) {
    if (pi < pattern.size()) {
      char p = pattern[pi];
      if (p == '*') {
        star_pi = pi++;
        star_ti = ti;
        continue;
      }
      if (p == '?') {
        ++pi;
        ++ti;
        continue;
      }
      if (p == '[') {
        std::size_t end = 0;
        bool is_set = false;
        bool hit = match_set(pattern, pi, text[ti], end, is_set);
        if (is_set && hit) {
          pi = end;
          ++ti;
          continue;
        }
        if (!is_set && text[ti] == '[') {
          ++pi;
          ++ti;
          continue;
        }
      } else if (p == text[ti]) {
        ++pi;
        ++ti;
        continue;
      }
    }
    if (star_pi == std::string_view::npos) return false;
    pi = star_pi + 1;
    ti = ++star_ti;
  }
  while (pi < pattern.size() && pattern[pi] == '*') ++pi;
  return pi == pattern.size();
}

bool glob_match_any(const std::vector<std::string>& patterns, std::string_view text) {
  for (const auto& p : patterns) {
    if (glob_match(p, text)) return true;
  }
  return false;
}

}  // namespace core
