#include "runner/line_splitter.h"

namespace runner {

void LineSplitter::feed(std::string_view bytes) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    char c = bytes[i];
    if (c != '\n' && c != '\r') continue;
    std::string_view piece = bytes.substr(start, i - start);
    bool after_cr = m_after_cr;
    m_after_cr = c == '\r';
    if (c == '\n' && after_cr && piece.empty() && m_partial.empty()) {
      start = i + 1;  // the '\n' of a "\r\n" pair
      continue;
    }
    if (m_partial.empty()) {
      m_sink(piece, c == '\r');
    } else {
      m_partial.append(piece);
      m_sink(m_partial, c == '\r');
      m_partial.clear();
    }
    start = i + 1;
  }
  if (start < bytes.size()) {
    m_after_cr = false;
    // Keep the unfinished tail; a line longer than the cap is emitted in pieces.
    m_partial.append(bytes.substr(start));
    if (m_partial.size() > m_max) {
      m_sink(m_partial, false);
      m_partial.clear();
    }
  }
}

void LineSplitter::finish() {
  if (!m_partial.empty()) {
    m_sink(m_partial, false);
    m_partial.clear();
  }
}

}  // namespace runner
