#include "core/version.h"

namespace core {

// QPTQ_VERSION is defined for this file alone (src/core/CMakeLists.txt), from project(VERSION).
std::string_view tool_version() { return QPTQ_VERSION; }

}  // namespace core
