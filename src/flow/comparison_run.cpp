#include "flow/comparison_run.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>

#include "artifacts/fields.h"
#include "artifacts/run_manifest.h"
#include "report/write_report.h"
#include "flow/job_launch.h"
#include "runner/concurrent.h"
#include "workflow/gpu_pin.h"
#include "verify/recheck.h"
#include "workflow/approval.h"
#include "workflow/candidate_workdir.h"
#include "workflow/checkpoint.h"
#include "workflow/state.h"

namespace flow {

namespace {

// Each candidate's run is approved through RunRequest::approve with the digest the comparison
// bound: its own prompt never asks.
class CarriedApproval final : public ApprovalPrompt {
 public:
  bool can_ask() const override { return false; }
  std::optional<std::string> ask_approval(const workflow::RecordedCommand&, const std::string&) override { return std::nullopt; }
};

// A candidate's estimate as its manifest records it (bound by its command digest from scope 2).
artifacts::CandidateFigures manifest_figures(const artifacts::RunManifest& manifest) {
  artifacts::CandidateFigures f;
  if (const auto& e = manifest.estimate) {
    f.minutes = e->minutes;
    f.gpu_memory_gib = e->gpu_memory_gib;
    f.host_memory_gib = e->host_memory_gib;
    f.disk_gib = e->disk_gib;
  }
  return f;
}

// A finished candidate is skipped only while its output is still the one that verified: each
// recorded file is hashed again. An output that is gone (its directory removed or emptied)
// runs again; one that is there but different is left alone and named, since it may be the
// person's work and replacing it is theirs to decide.
struct Recheck {
  enum class Then { skip, run_again, refuse } then = Then::skip;
  std::size_t files = 0;  // hashed again; 0 when nothing verified to check
  std::string changes;
};

Recheck recheck_finished(const PendingCommand& p, const workflow::CandidateStatus& c) {
  Recheck out;
  if (c.verification != workflow::Verification::success) return out;
  auto manifest = artifacts::RunManifest::from_json(p.manifest);
  std::vector<verify::FileDigest> recorded;
  if (manifest && manifest->result) {
    // A file the verification could not read has no digest to trust: it counts as new.
    for (const auto& f : manifest->result->files) {
      if (!f.path.empty() && !f.sha256.empty()) recorded.push_back({f.path, f.bytes, f.sha256, "", false});
    }
  }
  const verify::Recheck r = verify::recheck_output(p.output_dir, recorded);
  out.files = recorded.size();
  out.changes = r.summary();
  if (r.same()) return out;
  out.then = r.changed.empty() && r.added.empty() && r.missing.size() == recorded.size() ? Recheck::Then::run_again : Recheck::Then::refuse;
  return out;
}

struct Gated {
  workflow::WorkflowStatus status;
  ComparisonQuestion question;
};

core::Result<Gated> read_gates(const workflow::Workdir& wd) {
  QPTQ_TRY(workflow::require_confirmed(wd, workflow::Checkpoint::plan));
  QPTQ_TRY_ASSIGN(workflow::WorkflowStatus st, workflow::status_of(wd));
  if (!st.comparison) return core::make_error(core::ExitCode::internal, "comparison.not_a_comparison");
  using A = workflow::ArtifactState;
  const std::string path = wd.comparison_manifest().string();
  if (st.comparison_manifest.state == A::missing) {
    return core::make_error(core::ExitCode::not_confirmed, "comparison.not_prepared").with("path", path).with("command", st.next_command);
  }
  if (st.comparison_manifest.state != A::valid) {
    return core::make_error(st.comparison_manifest.state == A::stale ? core::ExitCode::stale : core::ExitCode::bad_input,
                            "comparison.manifest_not_current")
        .with("path", path)
        .with("problem", st.comparison_manifest.problem)
        .with("command", st.next_command);
  }
  QPTQ_TRY_ASSIGN(artifacts::ComparisonManifest record, artifacts::ComparisonManifest::from_json(st.comparison_manifest.doc));
  if (!record.ready()) {
    std::string names;
    for (const auto& e : record.candidates) {
      if (!e.ready) names += (names.empty() ? "" : ", ") + e.name;
    }
    return core::make_error(core::ExitCode::env_not_ready, "comparison.not_ready")
        .with("names", names)
        .with("status", "quark-ptq status")
        .with("command", st.next_command);
  }
  Gated g{std::move(st), {}};
  g.question.digest = record.recomputed_digest();
  for (std::size_t i = 0; i < record.candidates.size(); ++i) {
    artifacts::ComparisonEntry& e = record.candidates[i];
    QPTQ_TRY_ASSIGN(workflow::Workdir sub, workflow::candidate_workdir(wd, e.name, /*create=*/false));
    QPTQ_TRY_ASSIGN(PendingCommand pending, pending_command(sub.root));
    if (pending.command.digest != e.command_digest) {
      return core::make_error(core::ExitCode::not_approved, "run.command_changed")
          .with("path", sub.manifest().string())
          .with("command", g.status.next_command);
    }
    // What the question shows beside the digests comes from what they bind (each candidate's
    // manifest: its argv, output and estimate), never from comparison_manifest.yaml's copies,
    // which its digest does not cover.
    e.command = pending.command.display;
    e.output_dir = pending.output_dir;
    e.gpu = workflow::pinned_gpu(pending.command);
    e.job = runs_as_job(pending.command.executor);
    auto typed = artifacts::RunManifest::from_json(pending.manifest);
    if (!typed) return artifacts::field_invalid(sub.manifest().string(), *typed.error().arg("problem"));
    e.estimate = manifest_figures(*typed);
    g.question.commands.push_back(std::move(pending));
    g.question.finished.push_back(i < g.status.candidates.size() && g.status.candidates[i].finished);
  }
  g.question.record = std::move(record);
  return g;
}

core::Result<std::string> obtain_approval(const workflow::Workdir& wd, const ComparisonQuestion& q, const RunRequest& req,
                                          ComparisonPrompt& prompt) {
  std::string words;
  if (!req.approve.empty()) {
    const std::string given = normalize_digest(req.approve);
    if (given != q.digest) {
      return core::make_error(core::ExitCode::not_approved, "comparison.wrong_digest").with("given", given).with("digest", q.digest);
    }
    words = req.user_words.empty() ? "--approve " + given : req.user_words;
  } else {
    if (!prompt.can_ask()) {
      return core::make_error(core::ExitCode::not_approved, "comparison.no_terminal")
          .with("count", std::to_string(q.commands.size()))
          .with("approve", "quark-ptq run --approve " + q.digest);
    }
    auto answer = prompt.ask_comparison(q);
    if (!answer || !workflow::is_execution_approval(*answer)) {
      return core::make_error(core::ExitCode::not_approved, "run.declined").with("answer", answer.value_or(""));
    }
    words = *answer;
  }
  // The record is the audit trail: the candidates run under this process's approval below.
  QPTQ_TRY(workflow::record_confirmation(
      wd, workflow::make_confirmation(workflow::Checkpoint::execution, q.digest, words, "approved", req.via)));
  return words;
}

}  // namespace

core::ExitCode ComparisonOutcome::exit_code() const {
  if (interrupted) return core::ExitCode::interrupted;
  auto st = workflow::status_of(workflow::Workdir{workdir});
  if (st) {
    for (const auto& c : st->candidates) {
      // A candidate this run refused (its output changed since it verified) does not count.
      const bool refused =
          std::any_of(candidates.begin(), candidates.end(), [&](const CandidateRun& r) { return r.name == c.name && r.error; });
      if (!refused && c.verification == workflow::Verification::success && c.evaluation == "pass") return core::ExitCode::ok;
    }
  }
  for (const auto& c : candidates) {
    if (c.outcome && c.outcome->exit_code() != core::ExitCode::ok) return c.outcome->exit_code();
    if (c.error) return c.error->code;
  }
  return core::ExitCode::eval_failed;
}

core::Result<ComparisonQuestion> comparison_question(const std::filesystem::path& workdir) {
  QPTQ_TRY_ASSIGN(Gated g, read_gates(workflow::Workdir{workdir}));
  return std::move(g.question);
}

namespace {

// One candidate as the comparison runs it: skipped when it finished and its output still
// verifies, refused when that output changed, otherwise run through run() on the approval the
// comparison carries.
CandidateRun run_candidate(const workflow::Workdir& wd, const Gated& g, std::size_t i, const RunRequest& req, const std::string& words,
                           Launcher& launcher, ComparisonObserver& observer, RunObserver& run_observer) {
  const ComparisonQuestion& q = g.question;
  const artifacts::ComparisonEntry& e = q.record.candidates[i];
  CandidateRun cr;
  cr.name = e.name;
  if (q.finished[i]) {
    const Recheck again = recheck_finished(q.commands[i], g.status.candidates[i]);
    if (again.then == Recheck::Then::skip) {
      cr.skipped = true;
      observer.on_candidate_skipped(e.name, again.files);
      return cr;
    }
    if (again.then == Recheck::Then::refuse) {
      core::Error changed = core::make_error(core::ExitCode::stale, "comparison.output_changed")
                                .with("name", e.name)
                                .with("path", q.commands[i].output_dir)
                                .with("changes", again.changes);
      observer.on_candidate_error(e.name, changed);
      cr.error = std::move(changed);
      return cr;
    }
    observer.on_candidate_output_gone(e.name, q.commands[i].output_dir);
  }
  observer.on_candidate_start(e.name, i, q.record.candidates.size());
  RunRequest one = req;
  one.workdir = wd.candidate(e.name).root;
  one.approve = e.command_digest;
  one.user_words = words + " (comparison " + q.digest + ")";
  one.via = "comparison";
  one.repeat_acknowledged = false;
  CarriedApproval carried;
  auto ran = run(one, launcher, carried, run_observer);
  if (!ran) {
    observer.on_candidate_error(e.name, ran.error());
    cr.error = std::move(ran).error();
  } else {
    observer.on_candidate_end(e.name, *ran);
    cr.outcome = std::move(*ran);
  }
  return cr;
}

bool ended_interrupted(const CandidateRun& c) { return c.outcome && c.outcome->exit_code() == core::ExitCode::interrupted; }

// Side by side, the front end's observer is called from one lane at a time, and a lane's run
// reports only its stages (as the candidate's), since two runs' progress lines cannot share a
// terminal; each candidate's summary follows its end.
class SerializedObserver final : public ComparisonObserver {
 public:
  explicit SerializedObserver(ComparisonObserver& inner) : m_inner(inner) {}
  void on_candidate_start(const std::string& name, std::size_t index, std::size_t count) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_start(name, index, count);
  }
  void on_candidate_skipped(const std::string& name, std::size_t files) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_skipped(name, files);
  }
  void on_candidate_output_gone(const std::string& name, const std::string& dir) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_output_gone(name, dir);
  }
  void on_candidate_error(const std::string& name, const core::Error& e) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_error(name, e);
  }
  void on_candidate_end(const std::string& name, const RunOutcome& outcome) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_end(name, outcome);
  }
  void on_candidate_stage(const std::string& name, const std::string& stage) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_stage(name, stage);
  }
  void on_candidate_job_submitted(const std::string& name, const std::string& job_id) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_job_submitted(name, job_id);
  }
  void on_candidate_job_state(const std::string& name, const cluster::JobStatus& status) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_inner.on_candidate_job_state(name, status);
  }
  RunObserver& run_observer() override { return m_inner.run_observer(); }  // not used side by side

 private:
  ComparisonObserver& m_inner;
  std::mutex m_mutex;
};

class LaneObserver final : public RunObserver {
 public:
  LaneObserver(ComparisonObserver& comparison, std::string name) : m_comparison(comparison), m_name(std::move(name)) {}
  void on_stage(const std::string& stage) override { m_comparison.on_candidate_stage(m_name, stage); }
  void on_evaluating(const evaluate::Request&) override { m_comparison.on_candidate_stage(m_name, "evaluating"); }
  void on_record_failed(const core::Error& e) override { m_comparison.on_candidate_error(m_name, e); }
  void on_job_submitted(const std::string& job_id) override { m_comparison.on_candidate_job_submitted(m_name, job_id); }
  void on_job_state(const cluster::JobStatus& s) override { m_comparison.on_candidate_job_state(m_name, s); }

 private:
  ComparisonObserver& m_comparison;
  std::string m_name;
};

// Evaluations one at a time, also side by side: the first measures the source and keeps its
// figures, the next ones read them (one baseline per comparison), and two evaluations never
// load models at once beside the runs still going.
class OneEvaluationAtATime final : public Launcher {
 public:
  explicit OneEvaluationAtATime(Launcher& inner) : m_inner(inner) {}
  core::Result<runner::MonitoredOutcome> launch(const runner::CommandSpec& spec, const runner::MonitorOptions& options,
                                                runner::MonitorObserver* observer) override {
    return m_inner.launch(spec, options, observer);
  }
  // Side by side, no evaluator is started ahead of its evaluation: the launcher holds one
  // waiting evaluator, and the lanes' evaluations wait for each other anyway.
  void start_evaluator(const evaluate::Request&) override {}
  void release_evaluator() override {}
  evaluate::EvaluationResult evaluate(const evaluate::Request& request) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_inner.evaluate(request);
  }
  core::Result<cluster::SubmittedJob> submit(const std::vector<std::string>& sbatch_argv) override { return m_inner.submit(sbatch_argv); }
  core::Result<cluster::JobOutcome> follow(const std::string& job_id, const cluster::JobFollowOptions& options,
                                           cluster::JobObserver* observer) override {
    return m_inner.follow(job_id, options, observer);
  }

 private:
  Launcher& m_inner;
  std::mutex m_mutex;
};

bool stop_asked(const RunRequest& req) {
  return (req.stop != nullptr && req.stop->requested().has_value()) || runner::shared_stop_signal().has_value();
}

}  // namespace

core::Result<ComparisonOutcome> run_comparison(const RunRequest& req, Launcher& launcher, ComparisonPrompt& prompt,
                                               ComparisonObserver& observer) {
  workflow::Workdir wd{req.workdir};
  QPTQ_TRY_ASSIGN(Gated g, read_gates(wd));
  const ComparisonQuestion& q = g.question;
  QPTQ_TRY_ASSIGN(std::string words, obtain_approval(wd, q, req, prompt));

  ComparisonOutcome out;
  out.workdir = wd.root;
  out.digest = q.digest;
  const std::vector<std::vector<std::size_t>> lanes = q.record.lanes();
  if (lanes.size() <= 1) {
    for (std::size_t i = 0; i < q.record.candidates.size(); ++i) {
      if (out.interrupted || stop_asked(req)) {
        out.interrupted = true;
        break;
      }
      out.candidates.push_back(run_candidate(wd, g, i, req, words, launcher, observer, observer.run_observer()));
      out.interrupted = ended_interrupted(out.candidates.back());
    }
  } else {
    // A lane per GPU, each running its candidates one after another; the lanes side by side.
    // One Ctrl-C (the shared relay) or the MCP cancellation stops every lane's run, and no
    // lane starts another candidate after it.
    observer.on_side_by_side(lanes.size(), q.record.all_jobs());
    SerializedObserver serialized(observer);
    OneEvaluationAtATime one_evaluation(launcher);
    RunRequest side = req;
    side.echo_stdout_fd = -1;  // two runs' output cannot share the terminal: their logs keep it
    side.echo_stderr_fd = -1;
    std::vector<std::optional<CandidateRun>> ran(q.record.candidates.size());
    std::atomic<bool> stopped{false};
    std::vector<std::function<void()>> tasks;
    for (const auto& lane : lanes) {
      tasks.emplace_back([&, lane] {
        for (std::size_t i : lane) {
          if (stopped.load() || stop_asked(req)) {
            stopped = true;
            return;
          }
          LaneObserver lane_observer(serialized, q.record.candidates[i].name);
          ran[i] = run_candidate(wd, g, i, side, words, one_evaluation, serialized, lane_observer);
          if (ended_interrupted(*ran[i])) stopped = true;
        }
      });
    }
    runner::run_together(tasks);
    for (auto& c : ran) {
      if (c) out.candidates.push_back(std::move(*c));
    }
    out.interrupted = stopped.load() || stop_asked(req);
  }
  out.report_html = report::write_report(wd, req.lang);
  return out;
}

}  // namespace flow
