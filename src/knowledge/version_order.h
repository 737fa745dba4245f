// Dotted version comparison ("0.9" < "0.13", "4.51.0" < "5.2.0", "5.0.0.dev0" counts as 5.0.0):
// enough for the version strings in config.json and our knowledge files.
#pragma once

#include <string_view>

namespace knowledge {

// -1, 0, 1. Missing components count as 0; a non-numeric tail of a component is ignored.
int compare_versions(std::string_view a, std::string_view b);
inline bool version_less(std::string_view a, std::string_view b) { return compare_versions(a, b) < 0; }

}  // namespace knowledge
