#include "verify/report.h"

#include <cmath>

namespace verify {

std::string examples(const std::vector<std::string>& names) {
  constexpr std::size_t kExamples = 5;
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kExamples; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > kExamples) out += ", ...";
  return out;
}

std::string_view check_status_name(CheckStatus s) {
  switch (s) {
    case CheckStatus::pass:
      return "pass";
    case CheckStatus::partial:
      return "partial";
    case CheckStatus::fail:
      return "fail";
    case CheckStatus::skipped:
      return "skipped";
  }
  return "fail";
}

void VerifyReport::add(std::string id, CheckStatus status, std::string message_id, std::vector<core::MessageArg> args) {
  checks.push_back({std::move(id), status, std::move(message_id), std::move(args)});
}

void VerifyReport::measure(const std::string& name, core::Json value) {
  for (auto& m : metrics) {
    if (m.name == name) {
      m.value = std::move(value);
      return;
    }
  }
  metrics.push_back({name, std::move(value)});
}

std::string VerifyReport::status() const {
  bool partial = false;
  for (const auto& c : checks) {
    if (c.status == CheckStatus::fail) return "failed";
    partial = partial || c.status == CheckStatus::partial;
  }
  return partial ? "partial" : "success";
}

artifacts::Result VerifyReport::record() const {
  artifacts::Result r;
  r.status = status();
  r.output_dir = output_dir;
  std::int64_t early = 0;
  for (const auto& f : files) {
    r.files.push_back({f.path, f.bytes, f.sha256, f.error.empty() ? std::nullopt : std::optional<std::string>(f.error)});
    early += f.early ? 1 : 0;
  }
  for (const auto& l : links) r.links.push_back({l.path, l.target, l.inside});
  for (const auto& c : checks) {
    r.checks.push_back(
        {c.id, std::string(check_status_name(c.status)), core::msg(core::Lang::en, c.message_id, c.args), c.message_id, c.args});
  }
  r.metrics = metrics;
  r.hash_seconds = std::round(hash_seconds * 1000) / 1000;
  r.seconds = std::round(seconds * 1000) / 1000;
  // How many digests were taken while quark-cli was still running (and checked unchanged since).
  r.early_hashed_files = early;
  return r;
}

}  // namespace verify
