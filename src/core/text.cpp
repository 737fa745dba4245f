#include "core/text.h"

#include <simdjson.h>

#include <cstdint>

namespace core {

std::string_view trim(std::string_view s, std::string_view chars) {
  auto b = s.find_first_not_of(chars);
  if (b == std::string_view::npos) return {};
  auto e = s.find_last_not_of(chars);
  return s.substr(b, e - b + 1);
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += sep;
    out += items[i];
  }
  return out;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    auto pos = s.find(sep, start);
    out.emplace_back(s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  return out;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start < text.size()) {
    auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    start = nl + 1;
  }
  return out;
}

std::string_view last_line(std::string_view text) {
  auto end = text.find_last_not_of("\r\n ");
  if (end == std::string_view::npos) return {};
  auto nl = text.rfind('\n', end);
  std::size_t start = nl == std::string_view::npos ? 0 : nl + 1;
  return text.substr(start, end - start + 1);
}

std::string to_hex(const unsigned char* bytes, std::size_t n) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(n * 2, '0');
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = kHex[bytes[i] >> 4];
    out[2 * i + 1] = kHex[bytes[i] & 0xF];
  }
  return out;
}

namespace {

// The length of the UTF-8 sequence at `i` when it is well formed (1-4), else 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xe ? 3 : (b >> 3) == 0x1e ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return 0;
  }
  if (n == 2 && b < 0xc2) return 0;  // overlong
  return n;
}

std::uint32_t code_point(std::string_view s, std::size_t i, std::size_t n) {
  auto b = static_cast<unsigned char>(s[i]);
  std::uint32_t cp = n == 1 ? b : n == 2 ? (b & 0x1f) : n == 3 ? (b & 0x0f) : (b & 0x07);
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
  return cp;
}

void append_hex(std::string& out, const char* prefix, std::uint32_t v, int digits) {
  static const char kHex[] = "0123456789abcdef";
  out += prefix;
  for (int d = digits - 1; d >= 0; --d) out += kHex[(v >> (4 * d)) & 15];
}

}  // namespace

std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = utf8_length(text, i);
    if (n == 0) {
      append_hex(out, "\\x", static_cast<unsigned char>(text[i]), 2);
      ++i;
      continue;
    }
    std::uint32_t cp = code_point(text, i, n);
    bool control = (cp < 0x20 && cp != '\n' && cp != '\t') || cp == 0x7f;
    bool c1 = cp >= 0x80 && cp <= 0x9f;
    bool bidi = (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
    if (control) {
      append_hex(out, "\\x", cp, 2);
    } else if (c1 || bidi) {
      append_hex(out, "\\u", cp, 4);
    } else {
      out.append(text.substr(i, n));
    }
    i += n;
  }
  return out;
}

std::string redact_credentials(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t scheme_end = text.find("://", i);
    if (scheme_end == std::string_view::npos) break;
    std::size_t auth = scheme_end + 3;
    // The authority ends at the first '/', '?', '#', blank or quote; user info is before its last '@'.
    std::size_t end = auth;
    while (end < text.size() && std::string_view("/?# \t\n\"'<>").find(text[end]) == std::string_view::npos) ++end;
    std::size_t at = text.substr(auth, end - auth).rfind('@');
    out.append(text.substr(i, auth - i));
    if (at != std::string_view::npos) {
      out += "***";
      out.append(text.substr(auth + at, end - auth - at));
    } else {
      out.append(text.substr(auth, end - auth));
    }
    i = end;
  }
  out.append(text.substr(i));
  return out;
}

bool is_utf8(std::string_view text) { return simdjson::validate_utf8(text.data(), text.size()); }

}  // namespace core
