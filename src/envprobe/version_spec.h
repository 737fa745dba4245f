// Installed versions checked against Quark's pins, in core's one version order
// (core/version_order.h). Specs are comma-separated clauses of >, >=, <, <=, ==, !=
// (e.g. ">5,<5.17"); "" or "*" accepts anything.
#pragma once

#include <optional>
#include <string_view>

#include "core/version_order.h"

namespace envprobe {

// nullopt when the version or the spec cannot be parsed.
std::optional<bool> satisfies(std::string_view version, std::string_view spec);

}  // namespace envprobe
