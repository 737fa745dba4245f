// Small string helpers that several modules had written again: trimming, joining, splitting,
// hex digits and the last non-empty line of a child's output.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace core {

// `s` without leading and trailing characters from `chars`.
std::string_view trim(std::string_view s, std::string_view chars = " \t\r\n");

// "a, b, c" (with the default separator); "" for an empty list.
std::string join(const std::vector<std::string>& items, std::string_view sep = ", ");

// Every piece between separators, empty ones included: split("a,,b", ',') -> {"a", "", "b"}.
std::vector<std::string> split(std::string_view s, char sep);

// Lines without their "\n" or "\r\n"; no empty last line for a trailing newline.
std::vector<std::string_view> split_lines(std::string_view text);

// The last line that is not blank, trimmed of trailing spaces and line ends: where Python
// puts the exception in a child's stderr. "" when there is none.
std::string_view last_line(std::string_view text);

// Text from an untrusted source (config.json, an index, a file name, a child's output) made
// safe for a terminal: C0 controls other than newline and tab, DEL, C1 controls (U+0080-
// U+009F), bidirectional-text controls (U+202A-U+202E, U+2066-U+2069) and bytes that are not
// UTF-8 are written as visible escapes ("\x1b", "\u202e"), so no escape sequence or
// reordering reaches the terminal and the person sees that something odd was there.
std::string terminal_safe(std::string_view text);

// True when `text` is well-formed UTF-8 (simdjson's validator). JSON artifacts hold only
// UTF-8, so a name that is not cannot be recorded faithfully.
bool is_utf8(std::string_view text);

// Every URL's user information replaced: "https://user:secret@host/x" -> "https://***@host/x".
// Applied to whatever is printed or recorded that may hold a configured endpoint.
std::string redact_credentials(std::string_view text);

// Lowercase hex of `n` bytes (a digest).
std::string to_hex(const unsigned char* bytes, std::size_t n);

}  // namespace core
