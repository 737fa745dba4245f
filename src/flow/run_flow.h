// Checkpoint 3 (the execution gate) and step 4 without the printing: the gates, the approval
// bound to the command digest, the monitored launch of the recorded argv exactly, diagnosis
// of a failure (never a retry), verification of the output and the manifest's `run` and
// `result` sections. Every outcome of a run that started is a RunOutcome; what stops the flow
// before or around the launch is a core::Error.
//
// The gates and the approval judge one read of the manifest: what is approved is what runs
//. After the approval run() takes the run locks (workdir, then output
// directory: runner/run_lock.h), checks that the output directory did not fill up and the
// local model did not change since prepare (workflow/launch_checks.h), and holds both locks
// until the manifest's last write. When the manifest has an `evaluator` (the plan asked
// quark-ptq to evaluate; prepare recorded it and the digest covers it), a verified output is
// evaluated against its source right after verification, still under the locks, and the
// result is the manifest's `evaluation`; an output that did not verify is recorded as not
// evaluated (not-run), never as a pass.
// However the run ended, once its record is final, report.html is written into the workdir
// from that record (report/write_report.h), a failed or interrupted run's too.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>

#include "artifacts/run_manifest.h"
#include "cluster/job_run.h"
#include "core/error.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"
#include "diagnose/rules.h"
#include "evaluate/evaluation.h"
#include "flow/launcher.h"
#include "verify/report.h"
#include "workflow/command_digest.h"
#include "workflow/workdir.h"

namespace flow {

struct RunRequest {
  std::filesystem::path workdir;  // absolute
  // The digest being approved. Empty: the ApprovalPrompt asks (or, when it cannot, the run
  // is refused with exit 7). Set: approved through workflow::approve_execution().
  std::string approve;
  // The user's words recorded with the approval ("はい" when start asked; empty means
  // "--approve <digest>").
  std::string user_words;
  // Seconds between forwarding Ctrl-C / SIGTERM to quark-cli and killing its process group.
  double stop_grace_seconds = 10;
  // Where the child's stdout is echoed (stderr in --json mode, so stdout stays one document).
  int echo_stdout_fd = 1;
  // Recorded with the approval as Confirmation::via ("" = the terminal or --approve).
  std::string via;
  // The front end showed the person that this command failed last time for a reason the plan
  // must fix (PendingCommand::repeats) and the person approved it anyway (start's own question).
  // Without it such a repeat needs the prompt: `approve` alone is refused.
  bool repeat_acknowledged = false;
  // A stop asked for from inside quark-ptq (the MCP server's cancellation): quark-cli, or the
  // evaluation after it, is stopped exactly as by Ctrl-C and the manifest records it so.
  const runner::StopSwitch* stop = nullptr;
  // > 0: RunObserver::on_progress about this often while quark-cli runs (seconds).
  double progress_interval = 0;
  // How quark-cli's output is echoed where it goes (a colour terminal, a terminal without
  // colour, a pipe or file); the run log always keeps the bytes as they came.
  runner::EchoStyle echo_stdout_style = runner::EchoStyle::raw;
  runner::EchoStyle echo_stderr_style = runner::EchoStyle::raw;
  // The language of the evaluator's own progress lines (they go straight to the person).
  core::Lang lang = core::Lang::en;
  // Where the child's stderr is echoed; -1 for both: the log only (runs side by side).
  int echo_stderr_fd = 2;
};

// The manifest's last run was this very command and failed with a diagnosis that sends the
// plan back (checkpoint 2): running it unchanged would fail the same way, so the person is
// asked again, with the diagnosis in view, before it is repeated.
struct RepeatedFailure {
  std::string rule;   // the diagnosis rule ("gpu_oom_in_calibration", ...)
  int return_to = 2;  // the checkpoint the diagnosis sends the person back to
};

// Checkpoint 3's question when no digest was given. A prompt that cannot ask (no terminal)
// is a refusal, never a yes.
class ApprovalPrompt {
 public:
  virtual ~ApprovalPrompt() = default;
  virtual bool can_ask() const = 0;
  // Shows the exact command, its environment changes, the destination and the digest, and
  // returns the user's answer (nullopt at end of input).
  virtual std::optional<std::string> ask_approval(const workflow::RecordedCommand& cmd, const std::string& output_dir) = 0;
};

// Progress while the run is in flight, in the order it happens.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  // What checkpoint 3 showed as quark-cli's time (the manifest's estimate), just before the
  // launch: the front end measures the run against it.
  virtual void on_estimate(double /*quark_cli_seconds*/) {}
  virtual void on_launching(const std::filesystem::path& /*log*/) {}
  virtual void on_stage(const std::string& /*stage*/) {}
  // Stage, progress bar and memory (RunRequest::progress_interval; also after each on_stage).
  virtual void on_progress(const runner::LiveProgress& /*progress*/) {}
  virtual void on_stop_requested(const std::string& /*signal_name*/) {}
  // quark-cli failed and was diagnosed (before the output is inspected).
  virtual void on_diagnosed(const diagnose::Diagnosis& /*d*/) {}
  // Before the question: the same command failed last time and its diagnosis says the plan
  // must change (RepeatedFailure).
  virtual void on_repeat_warning(const RepeatedFailure& /*f*/) {}
  // A manifest write while the child runs failed; the run goes on.
  virtual void on_record_failed(const core::Error& /*e*/) {}
  // Verification is hashing the output: bytes hashed so far of the total (about twice a
  // second, from the second second on).
  virtual void on_hashing(std::uint64_t /*bytes_done*/, std::uint64_t /*bytes_total*/) {}
  // The verified output is about to be evaluated (the evaluator's progress follows on stderr).
  virtual void on_evaluating(const evaluate::Request& /*request*/) {}
  // A Slurm job was submitted; its id is already in the manifest.
  virtual void on_job_submitted(const std::string& /*job_id*/) {}
  // The job's state as Slurm reports it, at each change (PENDING with its reason, RUNNING...).
  virtual void on_job_state(const cluster::JobStatus& /*status*/) {}
  // Ctrl-C, SIGTERM or SIGHUP (or the StopSwitch) while the job is followed: cancel it, or
  // stop following and leave it running. The default: a closed terminal (SIGHUP) detaches,
  // any other stop cancels.
  virtual cluster::InterruptAnswer on_job_interrupt(int signal);
};

// How a run that started ended: a closed set, one exit code each.
namespace run_end {
struct Verified {  // quark-cli succeeded and the output passed every check
  verify::VerifyReport report;
};
struct NotVerified {  // quark-cli succeeded, the output did not pass
  verify::VerifyReport report;
};
struct Failed {  // quark-cli failed before the export; return to diagnosis.return_to_checkpoint
  diagnose::Diagnosis diagnosis;
};
struct ExportedEvaluationFailed {  // the model was exported, quark-cli's evaluation failed: partial
  diagnose::Diagnosis diagnosis;
  verify::VerifyReport report;
};
struct Interrupted {};  // stopped by a signal we forwarded, or a timeout
struct Detached {       // a Slurm job left running: `quark-ptq run` follows it again
  std::string job_id;
  std::string state;  // cluster::job_state_name of what Slurm said last
};
}  // namespace run_end

using RunEnd = std::variant<run_end::Verified, run_end::NotVerified, run_end::Failed, run_end::ExportedEvaluationFailed,
                            run_end::Interrupted, run_end::Detached>;

struct RunOutcome {
  std::filesystem::path manifest;  // run_manifest.yaml as updated
  core::Json run;                  // its `run` section as written
  RunEnd end;
  // Its `evaluation` as written, when the manifest has an evaluator: the result of the
  // evaluation that ran after a verified output, or not-run with the reason when the output
  // did not verify. A verified run exits 0 only when this is absent or a pass.
  std::optional<evaluate::EvaluationResult> evaluation;
  // report.html as written after the run's last record, or why it could not be; the run's
  // outcome stands either way (`quark-ptq report` writes it again from the manifest).
  std::optional<core::Result<std::filesystem::path>> report_html = std::nullopt;

  core::ExitCode exit_code() const;
  // The verification report, when the output was inspected.
  const verify::VerifyReport* report() const;
};

// Errors: not_confirmed / stale / bad_input / env_not_ready (the gates: nothing is created or
// started; a run already in progress is bad_input "run.already_running" with the liveness
// reason as detail), not_approved (wrong digest, refusal, no way to ask, command changed since
// prepare), after the approval bad_input "runner.locked" (another run holds the workdir or
// output directory), bad_input "workflow.output_not_empty", stale "workflow.model_changed",
// and the launcher's or the manifest writer's error. Nothing is created before the approval
// is recorded, nothing started before the locks are held.
core::Result<RunOutcome> run(const RunRequest& request, Launcher& launcher, ApprovalPrompt& prompt, RunObserver& observer);

// What run() would start, read through the same gates, so that a front end that must ask the
// person by other means (the MCP server) can show the question before calling run(). run()
// reads the manifest again and its prompt must compare the digest it is given with the one the
// person saw.
struct PendingCommand {
  workflow::RecordedCommand command;
  std::string output_dir;
  core::Json manifest;                     // as the gates read it (the estimate, for display)
  artifacts::RunManifest recorded;         // its typed sections (the output, the source, the estimate)
  std::optional<RepeatedFailure> repeats;  // this command failed last time for a reason the plan must fix
  // The Slurm job already submitted for this command that no quark-ptq follows: once approved
  // again, run() follows it instead of submitting a second job. Empty otherwise.
  std::string follow_job;
};
// Errors: those of run() before the approval (the gates, an edited command, no output dir).
core::Result<PendingCommand> pending_command(const std::filesystem::path& workdir);

// "sha256:" is added when the user gave the bare hex.
std::string normalize_digest(std::string_view given);

}  // namespace flow
