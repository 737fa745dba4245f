#include "cli/verify_render.h"

#include <fmt/format.h>

namespace cli {

void print_verify_report(const Console& console, const verify::VerifyReport& report) {
  for (const auto& c : report.checks) {
    std::string status_id = "verify.status_" + std::string(verify::check_status_name(c.status));
    console.say("verify.check_line", {{"status", console.t(status_id)}, {"text", console.t(c.message_id, c.args)}});
  }
  std::string summary_id = "verify.summary_" + report.status();
  console.say(summary_id, {{"path", report.output_dir}});
}

void HashProgressView::on_hashing(std::uint64_t done, std::uint64_t total) {
  const auto now = std::chrono::steady_clock::now();
  if (m_last.time_since_epoch().count() != 0 && now - m_last < std::chrono::seconds(2)) return;
  m_last = now;
  auto gib = [](std::uint64_t b) { return fmt::format("{:.2f}", static_cast<double>(b) / (1024.0 * 1024.0 * 1024.0)); };
  std::string pct = total > 0 ? fmt::format("{:.0f}", 100.0 * static_cast<double>(done) / static_cast<double>(total)) : "0";
  m_console.progress(m_console.t("verify.hashing_progress", {{"done", gib(done)}, {"total", gib(total)}, {"percent", pct}}));
}

}  // namespace cli
