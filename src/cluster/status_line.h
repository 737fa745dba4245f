// The one reader of squeue's and sacct's job lines as this module asks for them:
// JOBID|STATE|EXIT|ELAPSED|REASON, the reason being the rest of the line.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cluster/job_state.h"

namespace cluster {

enum class ExitForm {
  wait_status,  // squeue -O exit_code: 768
  code_signal,  // sacct ExitCode: 3:0
};

// The last line of `out` whose first field is exactly `job_id` (steps such as "ID.batch" are
// other ids). A line of the job with fewer fields is JobState::unknown with the line as its
// raw state. nullopt when no line is the job's.
std::optional<JobStatus> read_status_line(std::string_view out, const std::string& job_id, ExitForm form);

}  // namespace cluster
