// quark-ptq's own version (CMake's project version), as `--version` prints it and as every
// artifact the tool writes records it (`quark_ptq_version`), so a result says what made it.
#pragma once

#include <string_view>

namespace core {

std::string_view tool_version();

}  // namespace core
