// The memory of a job step as Slurm's job accounting reports it (sstat while the step runs,
// sacct once it has ended), typed. Slurm prints sizes as a number with a 1024-based unit
// suffix ("218168K", "1.37M", "16G") or, without a suffix, in bytes (--noconvert); a field
// that does not read as one is kept as text, never guessed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cluster {

struct StepMemory {
  std::string step_id;                      // "123.batch"
  std::optional<std::int64_t> max_rss_kib;  // MaxRSS: the step's peak resident memory so far
  std::optional<std::int64_t> rss_kib;      // now: AveRSS x NTasks (sstat only; sacct's is an average)
  std::string node;                         // MaxRSSNode: where the peak was
  std::string unread;                       // the step's line when a size in it did not read
};

// Slurm's size text in KiB: "218168K" -> 218168, "1.5M" -> 1536, "0" -> 0, "4096" (bytes) -> 4.
// nullopt for "", a negative number, an unknown suffix or trailing text.
std::optional<std::int64_t> parse_size_kib(std::string_view text);

// KiB to MiB, rounded to the nearest.
std::int64_t kib_to_mib(std::int64_t kib);

}  // namespace cluster
