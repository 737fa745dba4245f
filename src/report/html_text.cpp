#include "report/html_text.h"

#include "core/text.h"

namespace report {

std::string html_text(std::string_view text) {
  const std::string visible = core::terminal_safe(text);
  std::string out;
  out.reserve(visible.size());
  for (char c : visible) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace report
