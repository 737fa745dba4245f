#include "cli/verify_render.h"

namespace cli {

void print_verify_report(const Console& console, const verify::VerifyReport& report) {
  for (const auto& c : report.checks) {
    std::string status_id = "verify.status_" + std::string(verify::check_status_name(c.status));
    console.say("verify.check_line", {{"status", console.t(status_id)}, {"text", console.t(c.message_id, c.args)}});
  }
  std::string summary_id = "verify.summary_" + report.status();
  console.say(summary_id, {{"path", report.output_dir}});
}

}  // namespace cli
