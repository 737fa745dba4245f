// Enough of PEP 440 to check installed versions against Quark's pins: release numbers
// compared numerically with zero padding ("5" == "5.0.0"), a local part ("+cu128") ignored,
// and pre-releases (a/b/rc/dev) ordered before their release. Specs are comma-separated
// clauses of >, >=, <, <=, ==, != (e.g. ">5,<5.17"); "" or "*" accepts anything.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace envprobe {

struct Version {
  std::vector<long> release;  // 5.16.1 -> {5, 16, 1}
  bool pre = false;           // a, b, rc or dev: sorts before the plain release
};

std::optional<Version> parse_version(std::string_view text);
// -1, 0, 1
int compare_versions(const Version& a, const Version& b);
// nullopt when the version or the spec cannot be parsed.
std::optional<bool> satisfies(std::string_view version, std::string_view spec);

}  // namespace envprobe
