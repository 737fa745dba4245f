// The manifest's `run` section: what the runner observed, as the typed artifacts::Run. The
// flow records the run while it is in progress (status running, quark-ptq's own identity so
// that `status` can tell a dead run, the stage as each starts) and once it has ended; a
// failure adds the diagnosis.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artifacts/run_manifest.h"
#include "cluster/job_run.h"
#include "core/json_io.h"
#include "runner/monitored_run.h"
#include "workflow/command_digest.h"
#include "workflow/run_liveness.h"

namespace manifest {

// run.status for an outcome: succeeded (exit 0), interrupted (we stopped it) or failed.
std::string run_status(const runner::MonitoredOutcome& out);
// "SIGTERM" for 15; the number when the signal has no name.
std::string signal_name(int sig);

// run while the child is being started: status running, who runs it, which digest was approved.
artifacts::Run running_section(const workflow::ProcessIdentity& self, const std::string& started_at, const std::string& approved_digest,
                               const std::string& log_rel);
// run once the child has ended, with quark-ptq's identity and the approved digest.
artifacts::Run finished_section(const runner::MonitoredOutcome& out, const std::string& log_rel, const workflow::ProcessIdentity& self,
                                const std::string& approved_digest);

// run.job as Slurm reports a state while the job runs (running_since set the first time it runs).
void record_job_state(artifacts::SlurmJob& job, const cluster::JobStatus& status, const std::string& now);

// run.job once the job has ended: what was recorded while it ran (`recorded`: id, submission
// time, output file), with Slurm's last word - state, its raw text and reason, exit status,
// elapsed seconds - every state seen, whether quark-ptq cancelled it, and where the run's memory
// peak came from (`memory`: sstat's samples, accounting's MaxRSS).
artifacts::SlurmJob finished_job(artifacts::SlurmJob recorded, const cluster::JobOutcome& job);

// What the failed run was, recorded beside its diagnosis (run.diagnosis).
struct FailedRun {
  workflow::RecordedCommand command;
  std::optional<int> exit_code;
  std::optional<int> signal;
  std::optional<std::string> stage;  // the last stage reached
  std::string torch_version;         // "unknown" when the report does not say
  std::string transformers_version;
  std::string quark_version;
  std::optional<artifacts::RunPeak> resources;  // the run's peak
};
artifacts::DiagnosedRun diagnosed_run(const FailedRun& d);

}  // namespace manifest
