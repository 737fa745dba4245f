// The error text of a failed run: the whole final Python traceback (with the chained ones
// before it), or the last lines of the log when there is none.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace diagnose {

// From the first traceback of the final chain to the end of the log, capped at `max_bytes`
// (the end is kept). Without a traceback: the last `fallback_lines` non-empty lines.
std::string extract_error_text(std::string_view log, std::size_t max_bytes = 64 * 1024, std::size_t fallback_lines = 40);

}  // namespace diagnose
