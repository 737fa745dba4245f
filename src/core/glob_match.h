// fnmatch-style wildcard matching as Python's fnmatch.fnmatchcase does it, which is how Quark
// matches exclusion and override patterns against module names: '*' matches any run of
// characters (dots and slashes included), '?' one character, '[abc]' / '[a-z]' / '[!abc]' a
// set. Intake, the planner and the verifier share this one implementation so that "which
// modules does this pattern hit" has a single answer.
#pragma once

#include <string_view>
#include <vector>
#include <string>

namespace core {

bool glob_match(std::string_view pattern, std::string_view text);

// True when any of `patterns` matches `text`.
bool glob_match_any(const std::vector<std::string>& patterns, std::string_view text);

}  // namespace core
