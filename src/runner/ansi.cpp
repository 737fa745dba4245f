#include "runner/ansi.h"

namespace runner {

std::string strip_ansi(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    char c = text[i];
    if (c != '\x1b') {
      out.push_back(c);
      ++i;
      continue;
    }
    if (i + 1 >= n) break;  // a lone ESC at the end
    char kind = text[i + 1];
    if (kind == '[') {
      // CSI: parameter and intermediate bytes, then one final byte in 0x40..0x7e.
      std::size_t j = i + 2;
      while (j < n && !(text[j] >= 0x40 && text[j] <= 0x7e)) ++j;
      i = j < n ? j + 1 : n;
    } else if (kind == ']') {
      // OSC: up to BEL or ESC '\'.
      std::size_t j = i + 2;
      while (j < n && text[j] != '\a' && !(text[j] == '\x1b' && j + 1 < n && text[j + 1] == '\\')) ++j;
      if (j >= n) {
        i = n;
      } else {
        i = text[j] == '\a' ? j + 1 : j + 2;
      }
    } else {
      i += 2;
    }
  }
  return out;
}

}  // namespace runner
