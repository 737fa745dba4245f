// A candidate's memory over its run, from the run monitor's samples: quark-cli's GPU memory
// and its process group's host memory (MiB) against seconds since it started, as two
// polylines. A series with one sample is a dot; with none, it is absent and the legend says so.
#pragma once

#include <string>
#include <vector>

#include "core/messages.h"
#include "report/candidate.h"

namespace report {

// Inline SVG; "" when there are no samples at all.
std::string memory_chart(const std::vector<MemorySample>& timeline, const std::string& label, core::Lang lang);

}  // namespace report
