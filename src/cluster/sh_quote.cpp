#include "cluster/sh_quote.h"

namespace cluster {

std::string sh_quote(std::string_view word) {
  std::string out;
  out.reserve(word.size() + 2);
  out += '\'';
  for (char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  out += '\'';
  return out;
}

}  // namespace cluster
