// The environment report as lines for people (quark-ptq env, quark-ptq prepare).
#pragma once

#include <string>
#include <vector>

#include "core/messages.h"
#include "envprobe/report.h"

namespace envprobe {

std::vector<std::string> report_lines(const EnvReport& r, core::Lang lang);
// "Verdict: ..." and one line per problem.
std::vector<std::string> verdict_lines(const Verdict& v, core::Lang lang);

}  // namespace envprobe
