// Checkpoint 3 and step 4 of a comparison: the candidates prepared by
// manifest::prepare_comparison are read through the same gates as a single run, the person
// is asked once for all of them ("Shall I run these N exact commands?"), and each candidate
// then runs in its own workdir through run() - monitored, diagnosed, verified and evaluated as
// a single plan is - one after another on this machine, or side by side where prepare pinned
// the candidates to GPUs of their own (one lane per GPU; evaluations still one at a time). The one approval is of the
// comparison's digest, which binds every candidate's command digest; each candidate's run is
// approved in this process with its own digest, carried from that approval.
// A candidate that fails is diagnosed and recorded, and the next one starts; a stop (Ctrl-C,
// SIGTERM, the MCP cancellation) ends the candidate that runs, and none after it starts. A run
// again skips the candidates already finished (workflow::CandidateStatus::finished) whose
// verified output still hashes to what verified; one whose output is gone runs again, and one
// whose output changed is refused for itself (stale "comparison.output_changed").
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/result.h"
#include "flow/run_flow.h"
#include "artifacts/comparison_manifest.h"

namespace flow {

// What checkpoint 3 of a comparison shows: each candidate's exact command as its gates read
// it, and the one digest an approval is bound to.
struct ComparisonQuestion {
  artifacts::ComparisonManifest record;
  std::vector<PendingCommand> commands;  // in the record's order
  std::vector<bool> finished;            // already run to the end: this run skips it
  std::string digest;                    // record.recomputed_digest()
};

class ComparisonPrompt {
 public:
  virtual ~ComparisonPrompt() = default;
  virtual bool can_ask() const = 0;
  // The person's answer (nullopt at end of input). Only an execution approval counts.
  virtual std::optional<std::string> ask_comparison(const ComparisonQuestion& q) = 0;
};

class ComparisonObserver {
 public:
  virtual ~ComparisonObserver() = default;
  virtual void on_candidate_start(const std::string& /*name*/, std::size_t /*index*/, std::size_t /*count*/) {}
  // Finished before this run and not run again; `rechecked_files` of its verified output were
  // hashed again and matched (0: its run did not verify, nothing to check).
  virtual void on_candidate_skipped(const std::string& /*name*/, std::size_t /*rechecked_files*/) {}
  // Finished before, but its verified output is gone: it runs again.
  virtual void on_candidate_output_gone(const std::string& /*name*/, const std::string& /*output_dir*/) {}
  // A candidate that could not start (its gates or the launch): recorded, the next one goes on.
  virtual void on_candidate_error(const std::string& /*name*/, const core::Error& /*e*/) {}
  virtual void on_candidate_end(const std::string& /*name*/, const RunOutcome& /*outcome*/) {}
  // The candidates run side by side, one lane per GPU (ComparisonManifest::lanes): quark-cli's
  // output then goes to each candidate's log only, and each run reports its stages here.
  virtual void on_side_by_side(std::size_t /*lanes*/, bool /*jobs*/) {}
  // `stage`: a stage id as RunObserver::on_stage gives it ("evaluating" for quark-ptq's own
  // evaluation); a job's submission and its state changes as RunObserver has them.
  virtual void on_candidate_stage(const std::string& /*name*/, const std::string& /*stage*/) {}
  virtual void on_candidate_job_submitted(const std::string& /*name*/, const std::string& /*job_id*/) {}
  virtual void on_candidate_job_state(const std::string& /*name*/, const cluster::JobStatus& /*status*/) {}
  // Each candidate's run reports through this one.
  virtual RunObserver& run_observer() = 0;
};

struct CandidateRun {
  std::string name;
  bool skipped = false;               // finished before this run: not run again
  std::optional<RunOutcome> outcome;  // it ran
  std::optional<core::Error> error;   // it could not start or its record failed
};

struct ComparisonOutcome {
  std::filesystem::path workdir;
  std::string digest;
  std::vector<CandidateRun> candidates;
  bool interrupted = false;  // a stop ended a candidate; the ones after it did not start
  // report.html of the comparison as written after the last candidate, or why it could not be.
  std::optional<core::Result<std::filesystem::path>> report_html;

  // interrupted (130) when stopped; ok when every candidate is finished or skipped; otherwise
  // the first failing candidate's exit code (a failed run, an evaluation that did not pass).
  core::ExitCode exit_code() const;
};

// Errors (nothing started, nothing recorded): the comparison's gates - checkpoint 2
// (not_confirmed / stale), no or an invalid comparison_manifest.yaml (not_confirmed
// "comparison.not_prepared", bad_input "comparison.manifest_invalid"), an environment not
// ready (env_not_ready "comparison.not_ready"), a candidate's own gates (run_flow.h) - and
// the approval (not_approved "comparison.wrong_digest", "comparison.no_terminal",
// "run.declined").
core::Result<ComparisonOutcome> run_comparison(const RunRequest& request, Launcher& launcher, ComparisonPrompt& prompt,
                                               ComparisonObserver& observer);

// The question run_comparison() would ask, read through the same gates (the MCP server asks
// it by elicitation before calling run_comparison with the digest).
core::Result<ComparisonQuestion> comparison_question(const std::filesystem::path& workdir);

}  // namespace flow
