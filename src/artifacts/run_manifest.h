// run_manifest.yaml read back as typed values: the sections that the workflow, the flows, the
// report and the front ends read after the run - the output directory, the estimate, step
// 4's run record, the verification's result and the evaluation. One reader, so that a field
// is spelled in one place and a document whose field has the wrong type is one error naming
// that field, never a default that hides it. Sections the schema leaves optional read as unset.
// The `run` section also has its one writer here (Run::to_json). (The command and its digest
// are workflow::read_recorded_command's; the diagnosis inside `run` is diagnose's, kept here
// as recorded.)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artifacts/diagnosis.h"
#include "artifacts/evaluation.h"
#include "artifacts/result.h"
#include "artifacts/run_peak.h"
#include "core/json_io.h"
#include "core/messages.h"
#include "core/result.h"

namespace artifacts {

// `estimate`: what prepare predicted (bound by the command digest from scope 2 on).
struct Estimate {
  double minutes = 0;
  double gpu_memory_gib = 0;
  double host_memory_gib = 0;
  double disk_gib = 0;
  bool runs_on_cpu = false;
  std::optional<double> quark_cli_seconds;  // time.quark_cli_seconds; unset when none or not above 0
};

// run.log_truncated: the run log could not grow (disk full, file size limit), so it is short.
struct LogTruncation {
  std::int64_t at_byte = 0;
  std::int64_t lost_bytes = 0;
  std::optional<std::string> reason;  // strerror as recorded

  core::Json to_json() const;
};

// One of the run monitor's samples (run.timeline), in MiB.
struct MemorySample {
  double t = 0;  // seconds since quark-cli started
  std::optional<std::int64_t> host_used_mib;
  std::optional<std::int64_t> group_rss_mib;
  std::optional<std::int64_t> gpu_used_mib;  // written as null when unset
  std::optional<std::int64_t> gpu_own_mib;   // left out when unset
};

// One stage of quark-cli's output (run.stages).
struct RunStage {
  std::string name;
  std::string started_at;
  double seconds = 0;
  std::optional<std::string> progress;  // "39/39" where the stage counted
};

// run.monitor: what watching quark-cli cost.
struct RunMonitor {
  double cpu_seconds = 0;
  double cpu_fraction_of_wall = 0;
  std::int64_t samples = 0;
  std::int64_t stdout_bytes = 0;
  std::int64_t stderr_bytes = 0;
};

// run.job.memory: where a job's peak came from.
struct JobMemory {
  std::string sampled_by = "sstat";
  std::int64_t samples = 0;
  std::int64_t unreadable_samples = 0;
  std::optional<std::int64_t> sstat_max_rss_mib;
  std::optional<std::int64_t> sacct_max_rss_mib;
  std::optional<std::string> peak_node;
};

// run.job: the Slurm job of a run, recorded from its submission on. Slurm's word (slurm_state
// with its reason) once it said one; once the job ended (`cancelled_by_quark_ptq` set) its exit
// status, signal and elapsed seconds, null where Slurm did not say.
struct SlurmJob {
  std::string id;
  std::optional<std::string> submitted_at;
  std::optional<std::string> state;  // cluster::job_state_name, "submitted" before Slurm said
  std::optional<std::string> output;
  std::optional<std::string> cluster;
  std::optional<std::string> slurm_state;
  std::optional<std::string> reason;
  std::optional<std::string> running_since;
  std::optional<std::string> detached_at;        // a quark-ptq stopped following it
  std::optional<std::string> followed_again_at;  // and a later one followed it again
  std::optional<std::int64_t> exit_code;
  std::optional<std::string> signal;  // "SIGTERM"
  std::optional<std::int64_t> elapsed_seconds;
  std::vector<std::string> states_seen;  // written once followed to its end or detached
  bool lost = false;                     // Slurm stopped answering
  std::optional<bool> cancelled_by_quark_ptq;
  std::optional<std::string> cancelled_by_uid;
  std::optional<JobMemory> memory;

  bool ended() const { return cancelled_by_quark_ptq.has_value(); }
};

// How long each part of step 4 took besides quark-cli's own (run.phases), in the order run.
struct PhaseTime {
  std::string name;
  double seconds = 0;
};

// `run`: step 4's record of quark-cli. Written in two layouts: while it runs (status running,
// who runs it, then quark-cli's pid, the job, the stage, the launcher's error) and once
// quark-cli ended (`finished_at` set: the outcome, then who ran it).
struct Run {
  std::optional<std::string> status;  // running | succeeded | failed | interrupted
  // The quark-ptq that owns the run (workflow::assess_run tells a dead one by these).
  std::optional<std::int64_t> pid;
  std::optional<std::int64_t> process_start_ticks;
  std::optional<std::string> boot_id;
  std::optional<std::string> approved_digest;  // the command digest checkpoint 3 approved
  std::optional<std::string> started_at;
  std::optional<std::string> finished_at;
  std::string seconds_text = "0";  // run.seconds as the manifest writes it
  std::optional<double> seconds;
  std::optional<std::int64_t> exit_code;
  std::optional<std::string> signal;  // "SIGKILL"
  std::optional<std::string> log;     // relative to the workdir
  std::optional<std::int64_t> child_pid;
  std::optional<std::int64_t> child_start_ticks;  // while it runs: tells a live quark-cli from a reused pid
  std::optional<std::string> stage;               // while it runs: the stage it is in
  std::vector<RunStage> stages;
  std::optional<bool> export_done;
  std::optional<std::string> interrupted_by;  // "SIGINT", "timeout"
  std::optional<bool> killed_after_grace;
  std::optional<RunPeak> peak;
  std::vector<MemorySample> timeline;
  std::optional<RunMonitor> monitor;
  std::optional<double> perplexity;  // as quark-cli printed it
  std::optional<LogTruncation> log_truncated;
  std::optional<SlurmJob> job;
  std::optional<std::string> error;    // the launcher's error, when quark-cli never ran
  std::optional<Diagnosis> diagnosis;  // why it failed, when it failed
  std::vector<PhaseTime> phases;
  std::optional<std::int64_t> hash_tail_bytes;

  // The one encoding: read_run(to_json()) gives this record again.
  core::Json to_json() const;
};

// A file of the source as the model's identity recorded it (inputs.model_identity.files).
struct SourceFile {
  std::string path;
  std::int64_t size = 0;
};

struct RunManifest {
  std::optional<std::string> model;       // inputs.model, as the person named it
  std::vector<SourceFile> source_files;   // inputs.model_identity.files
  std::optional<std::string> output_dir;  // outputs.output_dir
  std::optional<Estimate> estimate;
  std::optional<Run> run;
  std::optional<Result> result;
  std::optional<Evaluation> evaluation;

  // The source's weights: what verification measured, else the identity's safetensors sizes.
  std::optional<std::int64_t> source_weight_bytes() const;

  // bad_input "artifacts.field_invalid" naming the field (as a path) whose type is wrong.
  static core::Result<RunManifest> from_json(const core::Json& doc);
};

// The `run` section alone (a run document carries it without the rest of the manifest).
core::Result<Run> read_run(const core::Json& run);
// The manifest's `run` section, nullopt when there is none.
core::Result<std::optional<Run>> manifest_run(const core::Json& manifest);
// The section as far as it reads, a field of the wrong type unset: for the liveness check,
// where a damaged field must not hide the other facts of a run that may still be going.
std::optional<Run> manifest_run_as_read(const core::Json& manifest);
// Writes `run` as the manifest's `run` section, in place when there is one.
void put_run(core::Json& manifest, const Run& run);
// The manifest's `evaluation` as far as it reads (for the liveness check, as the run above).
std::optional<Evaluation> manifest_evaluation_as_read(const core::Json& manifest);

// Moves the manifest's recorded run - with the command digest it ran, its result and its
// evaluation - to the end of `history` and removes them from the top level, so that neither a
// new run of the same command nor a new command erases an attempt (a failed run is evidence).
// Nothing happens when none of the three is recorded. The caller has checked that the run is
// not live.
void retire_run(core::Json& manifest, const std::string& replaced_at);

}  // namespace artifacts
