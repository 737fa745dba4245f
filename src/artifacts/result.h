// run_manifest.yaml's `result` section: step 4's verification of the output (verify::verify_output
// builds it). One record with its one encoding (Result::to_json) and its one reader, so that
// each field is spelled here once and a field of the wrong type is one error naming it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"

namespace artifacts {

// A file the verification hashed (result.files).
struct RecordedFile {
  std::string path;
  std::uint64_t bytes = 0;
  std::string sha256;                // empty when it could not be read
  std::optional<std::string> error;  // why it could not be read
};

// A symbolic link in the output (result.links), never followed out of it.
struct RecordedLink {
  std::string path;
  std::string target;
  bool inside = false;
};

// One check of the verification: its status (pass | partial | fail | skipped) and its message,
// the English text beside the catalog id and arguments, so that each reader shows it in the
// user's language.
struct ResultCheck {
  std::string id;  // "quantization_config"
  std::string status;
  std::string message;
  std::string message_id;
  std::vector<core::MessageArg> args;
};

// One measurement (result.metrics), in the order measured. The value is kept as the number it
// was written as: a count stays whole, a ratio stays a fraction.
struct Metric {
  std::string name;  // weight_bytes, tensors, compression_ratio, ...
  core::Json value;  // a number
};

// `result`: the verification of the output.
struct Result {
  std::string status;          // success | partial | failed
  std::optional<bool> passed;  // older manifests only: false is a failed verification
  std::string output_dir;
  std::vector<RecordedFile> files;
  std::vector<RecordedLink> links;  // written only when there are any
  std::vector<ResultCheck> checks;
  std::vector<Metric> metrics;
  double hash_seconds = 0;                         // from the start of hashing to its end
  std::optional<double> seconds;                   // the whole verification (older manifests lack it)
  std::optional<std::int64_t> early_hashed_files;  // digests taken while quark-cli still ran

  // A whole-number metric, unset when it was not measured.
  std::optional<std::int64_t> metric_integer(std::string_view name) const;
  std::optional<std::int64_t> weight_bytes() const { return metric_integer("weight_bytes"); }
  std::optional<std::int64_t> source_weight_bytes() const { return metric_integer("source_weight_bytes"); }
  // The checks whose status is `status`, in the order recorded.
  std::vector<const ResultCheck*> checks_with(std::string_view wanted) const;

  // The one encoding: read_result(to_json()) gives this record again.
  core::Json to_json() const;
};

// The section read field by field at `at` ("result", "history/0/result"); the first field of
// the wrong type goes to *error (the manifest reader reads every section, then answers once).
Result result_of(const core::Json& section, const std::string& at, std::string* error);
// artifacts.field_invalid naming the field ("result/files/2/bytes is not a whole number").
core::Result<Result> read_result(const core::Json& section);
// The manifest's `result`, nullopt when there is none.
core::Result<std::optional<Result>> manifest_result(const core::Json& manifest);
// The section as far as it reads, a field of the wrong type unset: for `status`, which shows
// what it can of a damaged manifest (accept and followup read the section strictly).
std::optional<Result> manifest_result_as_read(const core::Json& manifest);
// The digest of the manifest's `result` as recorded, "" when there is none: what checkpoint 4's
// answer is bound to (the bytes on disk, so that an answer binds what was shown).
std::string recorded_result_digest(const core::Json& manifest);
// Writes `result` as the manifest's `result` section.
void put_result(core::Json& manifest, const Result& result);

}  // namespace artifacts
