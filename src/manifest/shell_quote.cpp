#include "manifest/shell_quote.h"

namespace manifest {

namespace {

bool is_safe_char(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  switch (c) {
    case '_': case '@': case '%': case '+': case '=': case ':': case ',': case '.': case '/': case '-':
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string shell_quote(std::string_view word) {
  bool bare = !word.empty();
  for (char c : word) {
    if (!is_safe_char(c)) {
      bare = false;
      break;
    }
  }
  if (bare) return std::string(word);
  std::string out = "'";
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

std::string display_command(const std::vector<std::string>& argv,
                            const std::vector<std::pair<std::string, std::string>>& env_changes) {
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

}  // namespace manifest
