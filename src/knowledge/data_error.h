// The errors of the knowledge loaders: the shipped data is part of the build, so a file that
// is missing or does not have the shape its loader (and its schema in tests/knowledge/)
// expects is a bug, reported as ExitCode::internal, never replaced by defaults.
#pragma once

#include <string>
#include <string_view>

#include "core/error.h"

namespace knowledge {

inline core::Error data_invalid(std::string_view path, std::string_view why) {
  return core::make_error(core::ExitCode::internal, "knowledge.data_invalid").with("path", std::string(path)).with_detail(std::string(why));
}

inline core::Error data_missing(std::string_view path) {
  return core::make_error(core::ExitCode::internal, "knowledge.missing_file").with("path", std::string(path));
}

}  // namespace knowledge
