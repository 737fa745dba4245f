#include "knowledge/compiled_patterns.h"

namespace knowledge {

std::regex compile_pattern(const std::string& pattern, const std::string& where, std::string& error, std::regex::flag_type flags) {
  try {
    return std::regex(pattern, flags);
  } catch (const std::regex_error& e) {
    if (error.empty()) error = where + " does not compile: " + e.what();
    return {};
  }
}

std::vector<std::regex> compile_patterns(const std::vector<std::string>& patterns, const std::string& where, std::string& error,
                                         std::regex::flag_type flags) {
  std::vector<std::regex> out;
  out.reserve(patterns.size());
  for (std::size_t i = 0; i < patterns.size(); ++i)
    out.push_back(compile_pattern(patterns[i], where + "/" + std::to_string(i), error, flags));
  return out;
}

}  // namespace knowledge
