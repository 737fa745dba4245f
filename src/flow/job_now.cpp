#include "flow/job_now.h"

#include "artifacts/run_manifest.h"
#include "cluster/job_run.h"

namespace flow {

std::optional<JobNow> job_now(const core::Json& manifest) {
  auto run = artifacts::manifest_run_as_read(manifest);
  if (!run || !run->job || run->job->id.empty()) return std::nullopt;
  JobNow now{run->job->id, std::nullopt};
  now.status = cluster::query_job(now.job_id, cluster::JobClients{});
  return now;
}

core::Json job_now_json(const JobNow& now) {
  const auto& s = now.status;
  return {{"id", now.job_id},
          {"state", s ? core::Json(std::string(cluster::job_state_name(s->state))) : core::Json(nullptr)},
          {"slurm_state", s ? core::Json(s->raw_state) : core::Json(nullptr)},
          {"reason", s && !s->reason.empty() ? core::Json(s->reason) : core::Json(nullptr)}};
}

}  // namespace flow
