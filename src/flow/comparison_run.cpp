#include "flow/comparison_run.h"

#include <algorithm>

#include "artifacts/fields.h"
#include "artifacts/run_manifest.h"
#include "report/write_report.h"
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
workflow::CandidateFigures manifest_figures(const artifacts::RunManifest& manifest) {
  workflow::CandidateFigures f;
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
  QPTQ_TRY_ASSIGN(workflow::ComparisonManifest record, workflow::ComparisonManifest::from_json(st.comparison_manifest.doc));
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
    workflow::ComparisonEntry& e = record.candidates[i];
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

core::Result<ComparisonOutcome> run_comparison(const RunRequest& req, Launcher& launcher, ComparisonPrompt& prompt,
                                               ComparisonObserver& observer) {
  workflow::Workdir wd{req.workdir};
  QPTQ_TRY_ASSIGN(Gated g, read_gates(wd));
  const ComparisonQuestion& q = g.question;
  QPTQ_TRY_ASSIGN(std::string words, obtain_approval(wd, q, req, prompt));

  ComparisonOutcome out;
  out.workdir = wd.root;
  out.digest = q.digest;
  CarriedApproval carried;
  const std::size_t count = q.record.candidates.size();
  for (std::size_t i = 0; i < count; ++i) {
    const workflow::ComparisonEntry& e = q.record.candidates[i];
    CandidateRun cr;
    cr.name = e.name;
    if (out.interrupted || (req.stop != nullptr && req.stop->requested().has_value())) {
      out.interrupted = true;
      break;
    }
    if (q.finished[i]) {
      const Recheck again = recheck_finished(q.commands[i], g.status.candidates[i]);
      if (again.then == Recheck::Then::skip) {
        cr.skipped = true;
        observer.on_candidate_skipped(e.name, again.files);
        out.candidates.push_back(std::move(cr));
        continue;
      }
      if (again.then == Recheck::Then::refuse) {
        core::Error changed = core::make_error(core::ExitCode::stale, "comparison.output_changed")
                                  .with("name", e.name)
                                  .with("path", q.commands[i].output_dir)
                                  .with("changes", again.changes);
        observer.on_candidate_error(e.name, changed);
        cr.error = std::move(changed);
        out.candidates.push_back(std::move(cr));
        continue;
      }
      observer.on_candidate_output_gone(e.name, q.commands[i].output_dir);
    }
    observer.on_candidate_start(e.name, i, count);
    RunRequest one = req;
    one.workdir = wd.candidate(e.name).root;
    one.approve = e.command_digest;
    one.user_words = words + " (comparison " + q.digest + ")";
    one.via = "comparison";
    one.repeat_acknowledged = false;
    auto ran = run(one, launcher, carried, observer.run_observer());
    if (!ran) {
      observer.on_candidate_error(e.name, ran.error());
      cr.error = std::move(ran).error();
    } else {
      observer.on_candidate_end(e.name, *ran);
      out.interrupted = ran->exit_code() == core::ExitCode::interrupted;
      cr.outcome = std::move(*ran);
    }
    out.candidates.push_back(std::move(cr));
  }
  out.report_html = report::write_report(wd, req.lang);
  return out;
}

}  // namespace flow
