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

std::string VerifyReport::status() const {
  bool partial = false;
  for (const auto& c : checks) {
    if (c.status == CheckStatus::fail) return "failed";
    partial = partial || c.status == CheckStatus::partial;
  }
  return partial ? "partial" : "success";
}

core::Json VerifyReport::to_json() const {
  core::Json j = {{"status", status()}, {"output_dir", output_dir}, {"files", core::Json::array()}, {"checks", core::Json::array()}};
  for (const auto& f : files) {
    core::Json item = {{"path", f.path}, {"bytes", f.bytes}, {"sha256", f.sha256}};
    if (!f.error.empty()) item["error"] = f.error;
    j["files"].push_back(item);
  }
  for (const auto& l : links) {
    if (!j.contains("links")) j["links"] = core::Json::array();
    j["links"].push_back({{"path", l.path}, {"target", l.target}, {"inside", l.inside}});
  }
  for (const auto& c : checks) {
    core::Json args = core::Json::object();
    for (const auto& a : c.args) args[a.name] = a.value;
    j["checks"].push_back({{"id", c.id},
                           {"status", std::string(check_status_name(c.status))},
                           {"message", core::msg(core::Lang::en, c.message_id, c.args)},
                           {"message_id", c.message_id},
                           {"args", args}});
  }
  j["metrics"] = metrics;
  j["hash_seconds"] = std::round(hash_seconds * 1000) / 1000;
  j["seconds"] = std::round(seconds * 1000) / 1000;
  std::size_t early = 0;
  for (const auto& f : files) early += f.early ? 1 : 0;
  // How many digests were taken while quark-cli was still running (and checked unchanged since).
  j["early_hashed_files"] = early;
  return j;
}

}  // namespace verify
