// Where report.html was written, as `run` and `report` say it: the path relative to where the
// person stands when it is below it, else absolute; a report that could not be written is a
// warning, never the command's failure (the run it describes stands).
#pragma once

#include <filesystem>

#include "cli/console.h"
#include "core/result.h"

namespace cli {

std::string shown_report_path(const std::filesystem::path& path);
void say_report(const Console& console, const core::Result<std::filesystem::path>& written);

}  // namespace cli
