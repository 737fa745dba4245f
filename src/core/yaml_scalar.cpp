#include "core/yaml_scalar.h"

#include <array>
#include <charconv>
#include <regex>

namespace core {

namespace {

// The implicit resolvers of PyYAML 6 (yaml/resolver.py, YAML 1.1) plus the YAML 1.2 core
// schema's forms. Matching more than a loader retypes only costs a pair of quotes.
const std::array<std::regex, 7>& retyping_patterns() {
  static const std::array<std::regex, 7> patterns = {
      // bool (1.1 and 1.2), including the y/n forms some 1.1 loaders accept
      std::regex(R"(yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|y|Y|n|N)"),
      // null
      std::regex(R"(~|null|Null|NULL)"),
      // int: binary, octal (0o and leading 0), decimal with underscores, hex, sexagesimal
      std::regex(R"([-+]?(0b[0-1_]+|0o?[0-7_]+|(0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(:[0-5]?[0-9])+))"),
      // float: with a dot or an exponent, sexagesimal, infinities and NaN
      std::regex(
          R"([-+]?(([0-9][0-9_]*)?\.[0-9_]*([eE][-+]?[0-9]+)?|[0-9][0-9_]*[eE][-+]?[0-9]+|[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*|\.(inf|Inf|INF)))"),
      std::regex(R"(\.(nan|NaN|NAN))"),
      // timestamp: a date, or a date and time with optional fraction and zone
      std::regex(
          R"([0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)?([0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?)"),
      // merge key and the 1.1 value key
      std::regex(R"(<<|=)"),
  };
  return patterns;
}

}  // namespace

bool yaml_plain_retypes(std::string_view s) {
  if (s.empty()) return true;  // an empty plain scalar is null
  const std::string text(s);
  for (const auto& re : retyping_patterns()) {
    if (std::regex_match(text, re)) return true;
  }
  return false;
}

std::string yaml_float_text(double d) {
  std::array<char, 32> buf{};
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), d);  // shortest round trip
  std::string s(buf.data(), ec == std::errc() ? end : buf.data());
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // 1 -> 1.0 stays a float
  return s;
}

}  // namespace core
