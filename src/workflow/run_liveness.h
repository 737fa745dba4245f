// Whether a run recorded as `running` in run_manifest.yaml is really still running. A run
// killed with SIGKILL, a crashed machine or a reboot leave `run.status: running` behind;
// `status` must show those as interrupted. Only /proc is read: nothing here touches a
// process.
//
// The run step records, under `run`: pid (the quark-ptq process that owns the run and will
// write its final status), started_at (UTC ISO-8601), and, from current_process_identity(),
// process_start_ticks and boot_id, which make the check exact (pid reuse, reboot); and once
// quark-cli started, child_pid and child_start_ticks: a run whose quark-ptq was killed while
// its quark-cli lives on is still running, never "interrupted".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/json_io.h"

namespace workflow {

struct ProcessIdentity {
  std::int64_t pid = 0;
  std::uint64_t start_ticks = 0;  // field 22 of /proc/<pid>/stat: clock ticks after boot
  std::string boot_id;            // /proc/sys/kernel/random/boot_id
};

// nullopt when the process does not exist (or is a zombie).
std::optional<ProcessIdentity> process_identity(std::int64_t pid);
ProcessIdentity current_process_identity();

enum class RunPhase { none, running, interrupted, succeeded, failed };
std::string_view run_phase_name(RunPhase p);

struct RunState {
  RunPhase phase = RunPhase::none;
  std::string recorded;  // run.status as written ("" without a run section)
  // Why a `running` run counts as interrupted, or runs without quark-ptq: a catalog id with its
  // arguments (shown in the reader's language), and its English text (recorded, --json).
  std::string reason_id;
  std::vector<core::MessageArg> reason_args;
  std::string reason;
};

// The run's phase from the manifest, with `running` checked against /proc.
RunState assess_run(const core::Json& manifest);

}  // namespace workflow
