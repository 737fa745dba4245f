// The manifest's `run` section read back into typed values, for the readers that show it (the
// run's summary, status): what run_record.h writes, with the defaults a reader shows when an
// older or hand-edited manifest leaves a field out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/json_io.h"

namespace manifest {

// run.log_truncated: the run log could not grow (disk full, file size limit), so it is short.
struct LogTruncation {
  std::int64_t at_byte = 0;
  std::int64_t lost_bytes = 0;
  std::optional<std::string> reason;  // strerror as recorded
};

// run.peak, each in MiB; nullopt where it was not measured.
struct RunPeak {
  std::optional<std::int64_t> gpu_own_mib;  // quark-cli's own share, when the GPU tool lists processes
  std::optional<std::int64_t> gpu_memory_mib;
  std::optional<std::int64_t> group_rss_mib;
};

struct RunView {
  std::optional<std::string> status;  // run.status: "running", "succeeded", "failed", "interrupted"
  std::string seconds = "0";          // run.seconds as the manifest writes it
  std::optional<std::string> log;     // run.log, relative to the workdir
  std::optional<RunPeak> peak;
  std::optional<LogTruncation> log_truncated;
};

// `run` is the section itself (an object); a field of another type counts as absent.
RunView read_run_view(const core::Json& run);

}  // namespace manifest
