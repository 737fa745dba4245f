// Asking Slurm's accounting about a job, also after slurmctld has forgotten it: the sacct
// argument vectors and the reading of their answers (the job's state; its steps' peak memory).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/job_state.h"
#include "cluster/step_memory.h"

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

// sacct of the job's steps with JobID,MaxRSS,MaxRSSNode, from slurmdbd: the completion log
// (--completion) keeps no step and no MaxRSS, so it is not asked.
std::vector<std::string> sacct_memory_argv(const std::string& job_id, const std::string& sacct = "sacct");

// The step of the job with the largest MaxRSS (the job's own line carries none), of the job's
// last run when it ran more than once. nullopt when no step of the job has a MaxRSS that reads.
std::optional<StepMemory> parse_sacct_memory(std::string_view out, const std::string& job_id);

}  // namespace cluster
