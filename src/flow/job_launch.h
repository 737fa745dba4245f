// Step 4 as a Slurm job (a manifest prepared with --executor slurm): after the approval and
// under the run locks, the batch script recorded in the manifest is written, the job's old
// output file removed, the recorded sbatch argv run, and the job id written into the
// manifest's `run.job` before anything else can fail - a quark-ptq that dies right after the
// submission never loses the job. The job is then followed (cluster/job_run.h), each change
// of its state recorded, and what Slurm said at the end becomes the same RunOutcome a local
// run gives, so that diagnosis, verification and the evaluation follow unchanged.
#pragma once

#include <string>

#include "artifacts/run_manifest.h"
#include "cluster/job_run.h"
#include "core/json_io.h"
#include "core/result.h"
#include "flow/launcher.h"
#include "manifest/run_manifest_file.h"
#include "workflow/workdir.h"

namespace flow {

class RunObserver;
struct RunRequest;

struct JobLaunch {
  runner::MonitoredOutcome run;  // as for a local run; its resources are the batch step's (sstat, sacct)
  cluster::JobOutcome job;
};

// Whether the manifest's recorded executor is a Slurm job.
bool runs_as_job(const core::Json& executor);

// Submits (unless `attach_to` names a job already submitted for this approval: then it is
// followed again) and follows the job. `run` is the manifest's running record; each change to
// it (the job, its states, the stage) is written into `file` as it happens. Errors: the script could not be written, sbatch refused the job
// (its words in the detail; recorded as a failed run), the run log could not be created.
core::Result<JobLaunch> launch_job(const workflow::Workdir& wd, const core::Json& executor, const std::string& log_rel,
                                   const std::string& attach_to, const RunRequest& req, Launcher& launcher, manifest::RunManifestFile& file,
                                   artifacts::Run& run, RunObserver& observer);

}  // namespace flow
