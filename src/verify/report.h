// The verification result: every file with size and checksum, a list of checks, metrics and
// one status. The status comes from the checks alone, never from an exit code:
// failed when any check failed, partial when any check is partial, else success.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artifacts/result.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "verify/file_hasher.h"

namespace verify {

enum class CheckStatus { pass, partial, fail, skipped };
std::string_view check_status_name(CheckStatus s);

// The first few names for a check's message, then ", ..." when there are more.
std::string examples(const std::vector<std::string>& names);

struct Check {
  std::string id;  // e.g. "quantization_config"
  CheckStatus status = CheckStatus::pass;
  std::string message_id;  // catalog id of the human text
  std::vector<core::MessageArg> args;
};

struct VerifyReport {
  std::string output_dir;
  std::vector<FileDigest> files;
  std::vector<LinkEntry> links;  // symbolic links in the output (never followed out of it)
  std::vector<Check> checks;
  std::vector<artifacts::Metric> metrics;  // in the order first measured
  double hash_seconds = 0;                 // from the start of hashing to its end
  double seconds = 0;                      // the whole verification

  void add(std::string id, CheckStatus status, std::string message_id, std::vector<core::MessageArg> args = {});
  // Records a measurement; measured again, it keeps its place with the new value.
  void measure(const std::string& name, core::Json value);
  std::string status() const;  // "success", "partial" or "failed"
  bool passed() const { return status() == "success"; }
  // The manifest's `result` section (texts in English); its one encoding is the record's.
  artifacts::Result record() const;
};

}  // namespace verify
