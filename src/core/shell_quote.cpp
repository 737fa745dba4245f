#include "core/shell_quote.h"

namespace core {

namespace {

bool is_safe_char(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  switch (c) {
    case '_':
    case '@':
    case '%':
    case '+':
    case '=':
    case ':':
    case ',':
    case '.':
    case '/':
    case '-':
      return true;
    default:
      return false;
  }
}

// Bytes that must not reach a terminal raw, as the length of the sequence at `i` (0: none).
std::size_t control_length(std::string_view w, std::size_t i) {
  auto b = static_cast<unsigned char>(w[i]);
  if (b < 0x20 || b == 0x7f) return 1;
  if (b == 0xc2 && i + 1 < w.size()) {
    auto n = static_cast<unsigned char>(w[i + 1]);
    if (n >= 0x80 && n <= 0x9f) return 2;  // C1 controls, U+0080-U+009F
  }
  if (b == 0xe2 && i + 2 < w.size()) {
    auto n1 = static_cast<unsigned char>(w[i + 1]);
    auto n2 = static_cast<unsigned char>(w[i + 2]);
    if (n1 == 0x80 && n2 >= 0xaa && n2 <= 0xae) return 3;  // U+202A-U+202E
    if (n1 == 0x81 && n2 >= 0xa6 && n2 <= 0xa9) return 3;  // U+2066-U+2069
  }
  return 0;
}

bool has_control(std::string_view w) {
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (control_length(w, i) > 0) return true;
  }
  return false;
}

std::string ansi_c_quote(std::string_view w) {
  static const char kHex[] = "0123456789abcdef";
  std::string out = "$'";
  for (std::size_t i = 0; i < w.size(); ++i) {
    std::size_t n = control_length(w, i);
    char c = w[i];
    if (n == 0) {
      if (c == '\\' || c == '\'') out += '\\';
      out += c;
      continue;
    }
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      for (std::size_t k = 0; k < n; ++k) {
        auto b = static_cast<unsigned char>(w[i + k]);
        out += "\\x";
        out += kHex[b >> 4];
        out += kHex[b & 15];
      }
    }
    i += n - 1;
  }
  out += '\'';
  return out;
}

}  // namespace

std::string shell_quote(std::string_view word) {
  if (has_control(word)) return ansi_c_quote(word);
  bool bare = !word.empty();
  for (char c : word) {
    if (!is_safe_char(c)) {
      bare = false;
      break;
    }
  }
  if (bare) return std::string(word);
  return single_quote(word);
}

std::string single_quote(std::string_view word) {
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

std::string display_command(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env_changes) {
  std::string out;
  for (const auto& [name, value] : env_changes) {
    // Names are validated identifiers; only the value needs quoting.
    out += name + "=" + shell_quote(value) + " ";
  }
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (i > 0) out += ' ';
    // A bare first word with '=' would read as another assignment: quote it.
    std::string word = shell_quote(argv[i]);
    if (i == 0 && word == argv[i] && word.find('=') != std::string::npos) word = "'" + word + "'";
    out += word;
  }
  return out;
}

}  // namespace core
