// Artifacts are written atomically: a temporary file beside the target, fsync, rename, then
// fsync of the directory. A crash leaves either the old or the new content, never half.
#pragma once

#include <sys/types.h>

#include <string_view>

#include "core/fs.h"

namespace core {

// `mode`: the file's permissions (0600 for what only this user may read).
Result<void> write_file_atomic(const fs::path& path, std::string_view content, mode_t mode = 0644);

}  // namespace core
