// run_manifest.yaml read back as typed values: the sections that the workflow, the flows, the
// report and the front ends read after the run - the output directory, the estimate, step
// 4's run record, the verification's result and the evaluation. One reader, so that a field
// is spelled in one place and a document whose field has the wrong type is one error naming
// that field, never a default that hides it. Sections the schema leaves optional read as unset.
// (The command and its digest are workflow::read_recorded_command's; the diagnosis inside
// `run` is diagnose's, kept here as recorded.)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"

namespace artifacts {

// `estimate`: what prepare predicted (bound by the command digest from scope 2 on).
struct Estimate {
  double minutes = 0;
  double gpu_memory_gib = 0;
  double host_memory_gib = 0;
  double disk_gib = 0;
  bool runs_on_cpu = false;
};

// run.log_truncated: the run log could not grow (disk full, file size limit), so it is short.
struct LogTruncation {
  std::int64_t at_byte = 0;
  std::int64_t lost_bytes = 0;
  std::optional<std::string> reason;  // strerror as recorded
};

// run.peak, each in MiB; unset where it was not measured.
struct RunPeak {
  std::optional<std::int64_t> gpu_own_mib;  // quark-cli's own share, when the GPU tool lists processes
  std::optional<std::int64_t> gpu_memory_mib;
  std::optional<std::int64_t> group_rss_mib;
};

// One of the run monitor's samples (run.timeline), in MiB.
struct MemorySample {
  double t = 0;  // seconds since quark-cli started
  std::optional<double> group_rss_mib;
  std::optional<double> gpu_used_mib;
  std::optional<double> gpu_own_mib;
};

// `run`: step 4's record of quark-cli.
struct Run {
  std::optional<std::string> status;  // running | succeeded | failed | interrupted
  std::string seconds_text = "0";     // run.seconds as the manifest writes it
  std::optional<double> seconds;
  std::optional<std::string> log;  // relative to the workdir
  std::optional<std::string> interrupted_by;
  std::optional<RunPeak> peak;
  std::optional<LogTruncation> log_truncated;
  std::vector<MemorySample> timeline;
  core::Json diagnosis = core::Json(nullptr);  // diagnose::Diagnosis's record, null when none
};

// A file the verification hashed (result.files).
struct RecordedFile {
  std::string path;
  std::uint64_t bytes = 0;
  std::string sha256;  // empty when it could not be read
};

// `result`: the verification of the output.
struct Result {
  std::string status;  // success | partial | failed
  std::optional<std::int64_t> weight_bytes;
  std::optional<std::int64_t> source_weight_bytes;
  std::vector<RecordedFile> files;
};

// Why a verdict is what it is: the catalog id and its arguments beside the English text.
struct Reason {
  std::string id;
  std::vector<core::MessageArg> args;
  std::optional<std::string> text;
};

struct Perplexity {
  std::string status = "not-run";
  std::int64_t windows = 0;
  std::optional<double> delta_pct;
  std::optional<double> se_pct;
  std::optional<double> threshold_pct;
  bool measured() const { return status != "not-run" && windows > 0 && delta_pct.has_value(); }
};

struct CanaryPrompt {
  std::string prompt;
  std::string source;
  std::string quantized;
};

struct Canary {
  std::string status = "not-run";
  std::optional<double> token_agreement;
  std::vector<CanaryPrompt> prompts;
};

// `evaluation`: quark-ptq's own evaluation of the output against its source.
struct Evaluation {
  std::string verdict;  // pass | fail | indeterminate | not-run
  Reason reason;
  std::optional<Perplexity> perplexity;
  std::optional<Canary> canary;
};

// A file of the source as the model's identity recorded it (inputs.model_identity.files).
struct SourceFile {
  std::string path;
  std::int64_t size = 0;
};

struct RunManifest {
  std::optional<std::string> model;       // inputs.model, as the person named it
  std::vector<SourceFile> source_files;   // inputs.model_identity.files
  std::optional<std::string> output_dir;  // outputs.output_dir
  std::optional<Estimate> estimate;
  std::optional<Run> run;
  std::optional<Result> result;
  std::optional<Evaluation> evaluation;

  // The source's weights: what verification measured, else the identity's safetensors sizes.
  std::optional<std::int64_t> source_weight_bytes() const;

  // bad_input "artifacts.field_invalid" naming the field (as a path) whose type is wrong.
  static core::Result<RunManifest> from_json(const core::Json& doc);
};

// The `run` section alone (a run document carries it without the rest of the manifest).
core::Result<Run> read_run(const core::Json& run);

}  // namespace artifacts
