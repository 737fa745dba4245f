// Where the Slurm job of a running run stands, asked of Slurm now (squeue, then accounting or
// the completion log), never read from the manifest or inferred from a process id: what
// `status` shows and what its document (the CLI's --json, the MCP status tool) carries, so that
// any later session or agent sees the job as the scheduler does.
#pragma once

#include <optional>

#include "cluster/job_state.h"
#include "core/json_io.h"

namespace flow {

struct JobNow {
  std::string job_id;
  std::optional<cluster::JobStatus> status;  // nullopt: neither squeue nor sacct knows it (now)
};

// For a manifest whose run is a Slurm job; nullopt otherwise (no Slurm client is run then).
std::optional<JobNow> job_now(const core::Json& manifest);

// {id, state, slurm_state, reason}; the last three null when Slurm does not know the job.
core::Json job_now_json(const JobNow& now);

}  // namespace flow
