// Asking Slurm's accounting about a job, also after slurmctld has forgotten it: the sacct
// argument vector and the reading of its answer.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/job_state.h"

namespace cluster {

enum class SacctSource {
  database,        // slurmdbd (AccountingStorageType=accounting_storage/slurmdbd): most sites
  completion_log,  // --completion: the job completion log (JobCompType=jobcomp/filetxt) of a
                   // cluster without slurmdbd; one line per job end, no steps, no reason
};

// sacct with no header, '|'-separated (--parsable2), one job, and the fields
// JobID,State,ExitCode,Elapsed,Reason (the reason last: see squeue_argv).
std::vector<std::string> sacct_argv(const std::string& job_id, SacctSource source, const std::string& sacct = "sacct");

// The job's own line (not its steps "ID.batch", "ID.extern", "ID.0"); when the job ran more
// than once (requeued) and several lines are its, the last. nullopt when none is.
std::optional<JobStatus> parse_sacct(std::string_view out, const std::string& job_id);

}  // namespace cluster
