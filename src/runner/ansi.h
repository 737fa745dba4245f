// Terminal escape sequences are for the person watching; parsing sees plain text.
#pragma once

#include <string>
#include <string_view>

namespace runner {

// Removes CSI sequences (ESC [ ... final byte, e.g. colours and cursor moves), OSC sequences
// (ESC ] ... BEL or ESC \) and other two-byte escapes. Everything else is kept as is.
std::string strip_ansi(std::string_view text);

}  // namespace runner
