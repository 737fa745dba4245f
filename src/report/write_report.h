// report.html written into the workdir (or where the person asks) from what the workdir
// records: read (read_workdir.h), rendered (page.h), replaced atomically, so a reader never
// sees half a page and an older report stays whole until the new one is complete.
#pragma once

#include <filesystem>
#include <optional>

#include "core/messages.h"
#include "core/result.h"
#include "workflow/workdir.h"

namespace report {

// <workdir>/report.html
std::filesystem::path default_path(const workflow::Workdir& wd);

// Writes the report of `wd` in `lang` to `output` (default_path when absent); returns the
// path written. Errors: read_workdir's, and the write's.
core::Result<std::filesystem::path> write_report(const workflow::Workdir& wd, core::Lang lang,
                                                 const std::optional<std::filesystem::path>& output = std::nullopt);

}  // namespace report
