// The human view of a verification report (checkpoint 4 and `quark-ptq verify`).
#pragma once

#include <chrono>

#include "cli/console.h"
#include "verify/report.h"
#include "verify/verify_output.h"

namespace cli {

void print_verify_report(const Console& console, const verify::VerifyReport& report);

// "verifying: X of Y GiB hashed (Z %)" on stderr, at most every 2 s, so that a long
// verification is never silent.
class HashProgressView : public verify::VerifyProgress {
 public:
  explicit HashProgressView(const Console& console) : m_console(console) {}
  void on_hashing(std::uint64_t bytes_done, std::uint64_t bytes_total) override;

 private:
  const Console& m_console;
  std::chrono::steady_clock::time_point m_last{};
};

}  // namespace cli
