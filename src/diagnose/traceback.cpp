#include "diagnose/traceback.h"

#include "core/text.h"

namespace diagnose {

namespace {

constexpr std::string_view kTraceback = "Traceback (most recent call last):";
constexpr std::string_view kChained[] = {
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:",
};

bool is_blank(std::string_view s) { return s.find_first_not_of(" \t") == std::string_view::npos; }

bool is_chain_line(std::string_view s) {
  for (auto c : kChained) {
    if (s == c) return true;
  }
  return false;
}

}  // namespace

std::string extract_error_text(std::string_view log, std::size_t max_bytes, std::size_t fallback_lines) {
  auto lines = core::split_lines(log);
  std::size_t first = lines.size();
  for (std::size_t i = lines.size(); i-- > 0;) {
    if (lines[i].rfind(kTraceback, 0) == 0) {
      first = i;
      break;
    }
  }
  if (first < lines.size()) {
    // Walk back over chained exceptions: "<chain line>" preceded by an earlier traceback.
    for (;;) {
      std::size_t j = first;
      while (j > 0 && is_blank(lines[j - 1])) --j;
      if (j == 0 || !is_chain_line(lines[j - 1])) break;
      std::size_t k = j - 1;
      bool found = false;
      while (k-- > 0) {
        if (lines[k].rfind(kTraceback, 0) == 0) {
          found = true;
          break;
        }
      }
      if (!found) break;
      first = k;
    }
  } else {
    std::size_t kept = 0;
    first = lines.size();
    while (first > 0 && kept < fallback_lines) {
      --first;
      if (!is_blank(lines[first])) ++kept;
    }
  }
  std::string out;
  for (std::size_t i = first; i < lines.size(); ++i) {
    out.append(lines[i]);
    out.push_back('\n');
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  if (out.size() > max_bytes) {
    auto cut = out.find('\n', out.size() - max_bytes);
    out.erase(0, cut == std::string::npos ? out.size() - max_bytes : cut + 1);
  }
  return out;
}

}  // namespace diagnose
