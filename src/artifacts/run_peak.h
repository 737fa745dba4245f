// A run's memory peak as recorded (run.peak, and the resources of a diagnosis), each in MiB.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "artifacts/fields.h"
#include "core/json_io.h"

namespace artifacts {

// Unset where it was not measured (written as null).
struct RunPeak {
  std::optional<std::int64_t> host_used_mib;  // the whole host's
  std::optional<std::int64_t> group_rss_mib;  // quark-cli's process group
  std::optional<std::int64_t> gpu_memory_mib;
  std::optional<std::int64_t> gpu_baseline_mib;  // before quark-cli started
  std::optional<std::int64_t> gpu_own_mib;       // quark-cli's own share, when the GPU tool lists processes
  std::optional<std::int64_t> host_memory_mib;
  std::optional<std::int64_t> host_total_mib;
  std::optional<std::string> gpu_tool;

  core::Json to_json() const;  // every field, null where unset
};

RunPeak peak_of(Fields f);

}  // namespace artifacts
