// quark-ptq status [--json]: where the workflow stands - each artifact valid / invalid /
// stale / missing, each checkpoint, the run, the checkpoint to return to, the next action.
#include <memory>

#include "cli/commands.h"
#include "cli/comparison_views.h"
#include "cli/diagnosis_render.h"
#include "cli/next_step.h"
#include "cli/table.h"
#include "core/text.h"
#include "flow/documents.h"
#include "flow/job_now.h"
#include "flow/recorded_run.h"
#include "report/read_workdir.h"

namespace cli {

namespace {

// Catalog text for a name from an enum, e.g. ("cli.state_", "stale"); status_ids_test.cpp
// checks that every such id exists.
std::string named(const Console& c, std::string_view prefix, std::string_view name) { return c.t(std::string(prefix) + std::string(name)); }

// Staleness has a translated note; schema problems stay as the validator wrote them.
std::string artifact_note(const Console& c, const workflow::ArtifactStatus& a) {
  if (a.state == workflow::ArtifactState::stale)
    return c.t(a.name == "quant_plan.json" ? "cli.note_stale_plan" : "cli.note_stale_manifest");
  return a.problem;
}

std::string checkpoint_note(const Console& c, const workflow::CheckpointStatus& cp) {
  if (!cp.confirmation) return "";
  const auto& conf = *cp.confirmation;
  std::string note = named(c, "cli.status_decision_", conf.decision) + " " + conf.confirmed_at;
  if (!conf.user_words.empty()) note += " \"" + conf.user_words + "\"";
  return note;
}

// A recorded message in the console's language from its id and arguments, else the English
// text it recorded.
std::string recorded_text(const Console& c, const manifest::RecordedMessage& m) {
  return m.id && core::catalog_has(c.lang(), *m.id) ? c.t(*m.id, m.args) : m.text.value_or("?");
}

// The recorded verification's failed or partial checks, in the console's language.
void show_unpassed_checks(const Console& c, const std::vector<manifest::UnpassedCheck>& checks) {
  for (const auto& check : checks)
    c.say("verify.check_line", {{"status", c.t("verify.status_" + check.status)}, {"text", recorded_text(c, check.message)}});
}

// The recorded verdict's blocking problems, as prepare recorded them.
void show_blocking_problems(const Console& c, const std::vector<manifest::RecordedMessage>& problems) {
  c.say("envprobe.verdict_not_ready", {{"count", std::to_string(problems.size())}});
  for (const auto& p : problems) c.line("  [" + c.t("envprobe.blocking") + "] " + recorded_text(c, p));
}

// A run log that could not grow (disk full, file size limit) is short: said wherever the run
// is shown, from what run recorded in run.log_truncated.
void show_log_truncated(const Console& c, const artifacts::Run& run) {
  if (const auto& cut = run.log_truncated) {
    c.say("cli.status_log_truncated", {{"log", run.log.value_or("?")},
                                       {"at", std::to_string(cut->at_byte)},
                                       {"lost", std::to_string(cut->lost_bytes)},
                                       {"reason", cut->reason.value_or("?")}});
  }
}

// A run that is a Slurm job: where it stands now, as Slurm says (flow/job_now.h).
void show_job_now(const Console& c, const core::Json& manifest) {
  auto now = flow::job_now(manifest);
  if (!now) return;
  if (!now->status) {
    c.say("cli.status_job_not_known", {{"job", now->job_id}});
    return;
  }
  const cluster::JobStatus& s = *now->status;
  c.say("cli.status_job", {{"job", now->job_id},
                           {"state", c.enum_text("job_state", std::string(cluster::job_state_name(s.state)))},
                           {"slurm", s.raw_state + (s.reason.empty() ? "" : " (" + s.reason + ")")}});
}

void show(const Console& c, const workflow::WorkflowStatus& s) {
  c.say("cli.status_artifacts");
  Table a = Table::from_ids(c, {"cli.heading_artifact", "cli.heading_state", "cli.heading_note"});
  for (const auto* art : {&s.analysis, &s.plan, s.comparison ? &s.comparison_manifest : &s.manifest}) {
    a.add_row({art->name, named(c, "cli.state_", workflow::artifact_state_name(art->state)), artifact_note(c, *art)});
  }
  c.line(a.render());
  c.say("cli.status_checkpoints");
  Table t = Table::from_ids(c, {"cli.heading_number", "cli.heading_checkpoint", "cli.heading_state", "cli.heading_note"});
  for (const auto& cp : s.checkpoints) {
    t.add_row({std::to_string(static_cast<int>(cp.checkpoint)),
               c.enum_text("checkpoint", std::string(workflow::checkpoint_name(cp.checkpoint))),
               named(c, "cli.state_", workflow::checkpoint_state_name(cp.state)), checkpoint_note(c, cp)});
  }
  c.line(t.render());
  if (s.comparison && s.comparison_manifest.state == workflow::ArtifactState::valid) {
    // Every candidate where it stands, and once they have run the recommendation.
    const bool final = s.next_action == workflow::NextAction::choose_candidate || s.next_action == workflow::NextAction::done;
    if (auto report = report::read_workdir(workflow::Workdir{s.workdir}))
      print_comparison_table(c, flow::comparison_table(std::move(*report)), final);
  }
  const flow::RecordedRun recorded = flow::recorded_run(s.manifest.doc);
  if (s.run.phase != workflow::RunPhase::none) {
    c.say("cli.status_run", {{"state", named(c, "cli.run_", s.run_state())}});
    if (!s.run.reason_id.empty()) c.line("  (" + c.t(s.run.reason_id, s.run.reason_args) + ")");
    if (s.run.phase == workflow::RunPhase::running) show_job_now(c, s.manifest.doc);
    if (recorded.run) show_log_truncated(c, *recorded.run);
    // A failed run's diagnosis as run told it, in this console's language (the
    // failure leads to its diagnosis and the checkpoint to return to).
    if (s.run.phase == workflow::RunPhase::failed && recorded.diagnosis) print_diagnosis(c, *recorded.diagnosis);
  }
  if (s.verification == workflow::Verification::failed || s.verification == workflow::Verification::partial)
    show_unpassed_checks(c, recorded.unpassed_checks);
  if (!s.evaluation.empty()) c.say("cli.status_evaluation", {{"verdict", evaluation_verdict_text(c, s.evaluation)}});
  if (s.next_action == workflow::NextAction::fix_environment) show_blocking_problems(c, recorded.blocking_problems);
  if (s.return_to) {
    std::string valid = core::join(s.valid_artifacts());
    c.say("cli.status_return_to", {{"checkpoint", std::to_string(static_cast<int>(*s.return_to))},
                                   {"name", c.enum_text("checkpoint", std::string(workflow::checkpoint_name(*s.return_to)))}});
    c.say("cli.status_still_valid", {{"artifacts", valid.empty() ? "-" : valid}});
  }
  say_next(c, s);
}

int run_status(Context& ctx) {
  auto s = workflow::status_of(workflow::Workdir{ctx.workdir});
  if (!s) return ctx.console.error(s.error());
  if (ctx.console.json_mode()) {
    ctx.console.json(flow::status_document(ctx.console.lang(), *s));
    return 0;
  }
  show(ctx.console, *s);
  return 0;
}

}  // namespace

void add_status_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto* sub = app.add_subcommand("status", help("help.status.summary"));
  sub->callback([&selected] { selected = [](Context& ctx) { return run_status(ctx); }; });
}

}  // namespace cli
