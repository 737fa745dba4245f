// What the person sees of quark-cli's output when it is not a colour terminal.
// The log file always gets the bytes as they came; the echo is rendered for where
// it goes:
//   raw       a colour terminal: the bytes as they came (colours, live tqdm bars);
//   no_color  a terminal with NO_COLOR (or TERM=dumb): escape sequences removed, carriage
//             returns kept, so a bar still redraws in place;
//   lines     not a terminal (a pipe, a file): escape sequences removed and each line as it
//             ends, a bar's redraws ("\r") collapsed to its last state.
#pragma once

#include <string>
#include <string_view>

namespace runner {

enum class EchoStyle { raw, no_color, lines };

class CleanEcho {
 public:
  explicit CleanEcho(EchoStyle style, std::size_t max_line = 1 << 16) : m_style(style), m_max(max_line) {}

  // The text to write for these bytes of output (possibly empty until a line ends).
  std::string feed(std::string_view bytes);
  // What is left at the end of the stream.
  std::string finish();

 private:
  void flush_segment(std::string& out, char end);
  EchoStyle m_style;
  std::size_t m_max;
  std::string m_current;
  bool m_after_cr = false;
};

}  // namespace runner
