// Asking slurmctld about a job it still holds (queued, running, or ended less than MinJobAge
// ago): the squeue argument vector and the reading of its answer.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/job_state.h"
#include "core/result.h"

namespace cluster {

// squeue with no header, every state (ended jobs included), one job, and the fields
// JobID|State|exit_code|TimeUsed|Reason: the reason last, so that a '|' in it cannot shift a
// field. exit_code is the raw wait status (768 is exit 3). Width 0 keeps a field unpadded and
// uncut.
std::vector<std::string> squeue_argv(const std::string& job_id, const std::string& squeue = "squeue");

// The job's line in squeue_argv's output. nullopt when no line is the job's (slurmctld has
// forgotten it: ask sacct). A line that is not five fields is unknown with the line as its
// raw state, never an error.
std::optional<JobStatus> parse_squeue(std::string_view out, const std::string& job_id);

}  // namespace cluster
