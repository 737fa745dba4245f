// The one ordering of version strings in quark-ptq: enough of PEP 440 for the versions of
// Python packages, Quark releases, config.json's transformers_version and driver versions.
// Release numbers compare numerically with zero padding ("5" == "5.0.0", "0.9" < "0.13"), a
// local part ("+cu128") is ignored, a post-release sorts with its release, and a pre-release
// (a, b, rc, dev) sorts before its release ("5.0.0.dev0" < "5.0.0").
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace core {

struct Version {
  std::vector<long> release;  // 5.16.1 -> {5, 16, 1}
  bool pre = false;           // a, b, rc or dev: sorts before the plain release
};

// nullopt when `text` does not start with a release number (after an optional "v").
std::optional<Version> parse_version(std::string_view text);
// -1, 0, 1
int compare_versions(const Version& a, const Version& b);
// The same on text; a string that is no version sorts before every version (and equal to
// another that is none), so a garbled value never passes a "below" bound by accident.
int compare_versions(std::string_view a, std::string_view b);
inline bool version_less(std::string_view a, std::string_view b) { return compare_versions(a, b) < 0; }

}  // namespace core
