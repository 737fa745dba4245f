// Regular expressions from a knowledge file, compiled while it is loaded, so that a pattern
// that does not compile makes the file invalid (knowledge.data_invalid) instead of failing
// where it is first used.
#pragma once

#include <regex>
#include <string>
#include <vector>

namespace knowledge {

// `pattern` compiled with `flags`; when it does not compile, an empty regex, and `error`
// (when still empty) names `where` and why.
std::regex compile_pattern(const std::string& pattern, const std::string& where, std::string& error,
                           std::regex::flag_type flags = std::regex::ECMAScript);
// Each of `patterns`, named `where`/index in `error`.
std::vector<std::regex> compile_patterns(const std::vector<std::string>& patterns, const std::string& where, std::string& error,
                                         std::regex::flag_type flags = std::regex::ECMAScript);

}  // namespace knowledge
