#include "runner/clean_echo.h"

#include "runner/ansi.h"

namespace runner {

// Escape sequences never contain '\r' or '\n', so stripping them one segment at a time is
// the same as stripping the whole stream.
void CleanEcho::flush_segment(std::string& out, char end) {
  out += strip_ansi(m_current);
  if (end != '\0') out.push_back(end);
  m_current.clear();
}

std::string CleanEcho::feed(std::string_view bytes) {
  if (m_style == EchoStyle::raw) return std::string(bytes);
  std::string out;
  for (char c : bytes) {
    if (m_style == EchoStyle::no_color) {
      if (c == '\r' || c == '\n') {
        flush_segment(out, c);
      } else {
        m_current.push_back(c);
        if (m_current.size() > m_max) flush_segment(out, '\0');
      }
      continue;
    }
    // lines: a '\r' followed by '\n' ends the line; followed by anything else it starts a
    // redraw of the same line, and what came before is dropped.
    if (m_after_cr) {
      m_after_cr = false;
      if (c == '\n') {
        flush_segment(out, '\n');
        continue;
      }
      m_current.clear();
    }
    if (c == '\r') {
      m_after_cr = true;
    } else if (c == '\n') {
      flush_segment(out, '\n');
    } else {
      m_current.push_back(c);
      if (m_current.size() > m_max) flush_segment(out, '\n');
    }
  }
  return out;
}

std::string CleanEcho::finish() {
  std::string out;
  if (m_style == EchoStyle::raw) return out;
  m_after_cr = false;
  if (!m_current.empty()) flush_segment(out, m_style == EchoStyle::lines ? '\n' : '\0');
  return out;
}

}  // namespace runner
