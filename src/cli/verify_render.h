// The human view of a verification report (checkpoint 4 and `quark-ptq verify`).
#pragma once

#include "cli/console.h"
#include "verify/report.h"

namespace cli {

void print_verify_report(const Console& console, const verify::VerifyReport& report);

}  // namespace cli
