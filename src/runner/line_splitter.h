// Turns a byte stream into lines. tqdm redraws its bar with '\r', so a carriage return also
// ends a line; such lines are flagged as progress updates, which are parsed lightly and not
// kept in full.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace runner {

class LineSplitter {
 public:
  // `line` has no terminator; `carriage_return` is true when it ended with '\r'.
  using Sink = std::function<void(std::string_view line, bool carriage_return)>;

  explicit LineSplitter(Sink sink, std::size_t max_line = 1 << 16) : m_sink(std::move(sink)), m_max(max_line) {}

  void feed(std::string_view bytes);
  // Emits what is left as a last line (at end of stream).
  void finish();

 private:
  Sink m_sink;
  std::size_t m_max;
  std::string m_partial;
  bool m_after_cr = false;
};

}  // namespace runner
