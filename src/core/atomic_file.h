// Artifacts are written atomically: a temporary file beside the target, fsync, rename, then
// fsync of the directory. A crash leaves either the old or the new content, never half.
#pragma once

#include <string_view>

#include "core/fs.h"

namespace core {

Result<void> write_file_atomic(const fs::path& path, std::string_view content);

}  // namespace core
