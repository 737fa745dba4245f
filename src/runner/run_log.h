// The run log is created, never reused: a name no earlier run (or a planted file) can hold,
// opened with O_CREAT|O_EXCL|O_NOFOLLOW inside a logs directory that is itself not a link.
// A symlink placed at the log's path, or a logs/ that points elsewhere, is refused: the run
// never writes through a link into a file it did not create (issue 18 item 9).
#pragma once

#include <filesystem>
#include <string>

#include "core/result.h"

namespace runner {

// "run-<UTC yyyymmddThhmmssZ>-<pid>-<8 random hex>.log": sortable by time, and unpredictable,
// so another process cannot prepare a file or link under the name in advance.
std::string unique_log_name(std::string_view prefix = "run");

// Creates `path` exclusively (mode 0644) and returns the open descriptor (O_CLOEXEC).
// "runner.log_failed" with the reason when it exists, is a link, or its directory is a link.
core::Result<int> create_log_file(const std::filesystem::path& path);

}  // namespace runner
