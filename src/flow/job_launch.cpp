#include "flow/job_launch.h"

#include <cerrno>
#include <csignal>

#include <sys/stat.h>
#include <unistd.h>

#include "artifacts/executor.h"
#include "core/atomic_file.h"
#include "core/clock.h"
#include "core/errno_text.h"
#include "core/fs.h"
#include "flow/run_flow.h"
#include "manifest/run_record.h"

namespace flow {

namespace {

// Records each change Slurm reports into the manifest's run.job, and passes the stages, the
// progress and the question at a stop on to the front end.
class JobRecorder final : public cluster::JobObserver {
 public:
  JobRecorder(manifest::RunManifestFile& file, artifacts::Run& run, RunObserver& observer)
      : m_file(file), m_run(run), m_observer(observer) {}

  void on_state(const cluster::JobStatus& s) override {
    if (!m_run.job) m_run.job.emplace();
    manifest::record_job_state(*m_run.job, s, core::now_utc_iso8601());
    m_observer.on_job_state(s);
    record();
  }
  void on_stage(const runner::StageRecord& stage) override {
    m_observer.on_stage(stage.name);
    m_run.stage = stage.name;
    record();
  }
  void on_progress(const runner::LiveProgress& p) override { m_observer.on_progress(p); }
  cluster::InterruptAnswer on_interrupt(int signal) override { return m_observer.on_job_interrupt(signal); }
  void on_cancel_requested() override { m_observer.on_stop_requested("scancel"); }

 private:
  void record() {
    artifacts::put_run(m_file.doc(), m_run);
    if (auto w = m_file.write(); !w) m_observer.on_record_failed(w.error());
  }
  manifest::RunManifestFile& m_file;
  artifacts::Run& m_run;
  RunObserver& m_observer;
};

// The batch script as checkpoint 3 showed it, at the path the sbatch argv names: in the
// workdir's slurm/ directory, which must be a real directory (not a link planted to send the
// script elsewhere). The write replaces whatever is at the path, a link included.
core::Result<void> write_script(const artifacts::Executor& executor) {
  const std::filesystem::path path = executor.script_path;
  const std::string& script = executor.script;
  if (path.empty() || script.empty()) return core::make_error(core::ExitCode::bad_input, "run.job_script_missing");
  QPTQ_TRY(core::create_directories(path.parent_path()));
  struct stat st {};
  if (::lstat(path.parent_path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    return core::make_error(core::ExitCode::bad_input, "run.job_script_dir_not_directory").with("path", path.parent_path().string());
  }
  return core::write_file_atomic(path, script, 0755);
}

// The job's output file from an earlier job is removed before the new one is submitted, so
// that nothing it held is read as this job's, and a link planted at its name is not where
// Slurm writes. A file that cannot be removed stops the submission.
core::Result<void> clear_output(const std::filesystem::path& output) {
  if (output.empty()) return core::make_error(core::ExitCode::bad_input, "run.job_output_missing");
  QPTQ_TRY(core::create_directories(output.parent_path()));
  if (::unlink(output.c_str()) != 0 && errno != ENOENT) {
    return core::make_error(core::ExitCode::bad_input, "run.job_output_not_removable")
        .with("path", output.string())
        .with_detail(core::errno_text(errno));
  }
  return {};
}

}  // namespace

bool runs_as_job(const core::Json& executor) {
  // A section that does not read is not taken for a local run: launch_job refuses it.
  auto e = artifacts::Executor::from_json(executor);
  return !e || e->is_job();
}

core::Result<JobLaunch> launch_job(const workflow::Workdir& wd, const core::Json& executor, const std::string& log_rel,
                                   const std::string& attach_to, const RunRequest& req, Launcher& launcher, manifest::RunManifestFile& file,
                                   artifacts::Run& run, RunObserver& observer) {
  QPTQ_TRY_ASSIGN(artifacts::Executor e, artifacts::Executor::from_json(executor));
  const std::filesystem::path output = e.output;
  std::string job_id = attach_to;
  if (job_id.empty()) {
    QPTQ_TRY(write_script(e));
    QPTQ_TRY(clear_output(output));
    const std::vector<std::string>& argv = e.sbatch_argv;
    if (argv.empty()) return core::make_error(core::ExitCode::bad_input, "run.job_script_missing");
    QPTQ_TRY_ASSIGN(cluster::SubmittedJob submitted, launcher.submit(argv));
    job_id = submitted.job_id;
    // Before anything else: from here on the job exists whatever happens to this process.
    artifacts::SlurmJob recorded;
    recorded.id = job_id;
    recorded.submitted_at = core::now_utc_iso8601();
    recorded.state = "submitted";
    recorded.output = output.string();
    if (!submitted.cluster.empty()) recorded.cluster = submitted.cluster;
    run.job = std::move(recorded);
    artifacts::put_run(file.doc(), run);
    QPTQ_TRY(file.write());
    observer.on_job_submitted(job_id);
  } else {
    if (!run.job) {
      run.job.emplace();
      run.job->id = job_id;
    }
    run.job->followed_again_at = core::now_utc_iso8601();
    artifacts::put_run(file.doc(), run);
    QPTQ_TRY(file.write());
  }

  cluster::JobFollowOptions fo;
  fo.output_path = output;
  fo.log_path = wd.root / log_rel;
  fo.echo_fd = req.echo_stdout_fd;
  fo.echo_style = req.echo_stdout_style;
  fo.stop = req.stop;
  fo.progress_interval = req.progress_interval;
  fo.cancel_wait_seconds = std::max(30.0, req.stop_grace_seconds * 6);
  JobRecorder recorder(file, run, observer);
  QPTQ_TRY_ASSIGN(cluster::JobOutcome job, launcher.follow(job_id, fo, &recorder));

  JobLaunch out;
  out.run = job.run;
  out.job = std::move(job);
  return out;
}

}  // namespace flow
