// The chart people look at first: each candidate's size against its perplexity change, the
// trade the choice of scheme is about. A point per candidate whose output size and perplexity
// delta are both known, with its standard error as a bar; the source at 0 % beside them; the
// plan's threshold as a dashed line; the recommended candidate ringed and the accepted one
// named. Axes always include 0 % and the threshold, so one point, negative deltas and a run
// with nothing to plot still give a readable chart.
#pragma once

#include <string>
#include <vector>

#include "core/messages.h"
#include "report/candidate.h"

namespace report {

// Whether a candidate has a place on the chart (size and perplexity delta known).
bool on_pareto_chart(const Candidate& c);

// Inline SVG.
std::string pareto_chart(const std::vector<Candidate>& candidates, core::Lang lang);

}  // namespace report
