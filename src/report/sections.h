// The parts of report.html that show the candidates side by side, one function each; page.cpp
// puts them in order. Each returns HTML whose every text from the workdir is escaped.
#pragma once

#include <string>
#include <vector>

#include "core/messages.h"
#include "report/candidate.h"
#include "report/numbers.h"

namespace report {

// The unit every size in the report is shown in (the chart's too): fitted to the largest.
SizeUnit report_size_unit(const std::vector<Candidate>& candidates);

// The verdict word in `lang` ("pass", "FAIL", ...), and its CSS class ("v-pass").
std::string verdict_text(evaluate::Status s, core::Lang lang);
std::string verdict_class(evaluate::Status s);

std::string candidate_table(const std::vector<Candidate>& candidates, core::Lang lang);
std::string canary_section(const std::vector<Candidate>& candidates, core::Lang lang);
std::string memory_section(const std::vector<Candidate>& candidates, core::Lang lang);
std::string commands_section(const std::vector<Candidate>& candidates, core::Lang lang);

}  // namespace report
