// "Did you mean ...?" for mistyped names: the closest candidate by edit distance, if it is
// close enough to be a plausible typo.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace plan {

std::size_t edit_distance(const std::string& a, const std::string& b);

// The nearest candidate within max(2, |word| / 3) edits (case-insensitive); ties go to the
// earlier candidate.
std::optional<std::string> closest_name(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace plan
