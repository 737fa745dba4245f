// Raw views of JSON strings inside simdjson On-Demand's input, for a text that holds no
// backslash at all: a string's value is then exactly its bytes between the quotes (stage 1
// has already validated UTF-8 and refused control characters in strings). This skips
// decoding ~47k tensor names per checkpoint into simdjson's string buffer (with the header
// built for a generic x86-64, On-Demand decodes strings byte by byte).
#pragma once

#include <cstring>
#include <string_view>

#include <simdjson.h>

namespace intake::json_text {

inline bool has_escapes(std::string_view text) { return std::memchr(text.data(), '\\', text.size()) != nullptr; }

// A string value's text from its raw token (which runs to the next token, spaces included);
// false when the token is not a string. Only for text without escapes.
inline bool raw_string(std::string_view token, std::string_view& out) {
  while (!token.empty() && (token.back() == ' ' || token.back() == '\n' || token.back() == '\r' || token.back() == '\t')) {
    token.remove_suffix(1);
  }
  if (token.size() < 2 || token.front() != '"' || token.back() != '"') return false;
  out = token.substr(1, token.size() - 2);
  return true;
}

// A field's key: from after its opening quote back from the value's first byte, over the
// spaces and the ':' that On-Demand has already checked. Only for text without escapes.
inline std::string_view raw_key(simdjson::ondemand::field& field) {
  const char* begin = field.key().raw();
  const char* p = field.value().raw_json_token().data();
  do {
    --p;
  } while (*p != ':');
  do {
    --p;
  } while (*p != '"');
  return {begin, static_cast<std::size_t>(p - begin)};
}

}  // namespace intake::json_text
