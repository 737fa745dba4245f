// quark-ptq status [--json]: where the workflow stands - each artifact valid / invalid /
// stale / missing, each checkpoint, the run, the checkpoint to return to, the next action.
#include <memory>

#include "cli/commands.h"
#include "cli/diagnosis_render.h"
#include "cli/next_step.h"
#include "cli/table.h"
#include "core/text.h"
#include "flow/documents.h"

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

// A recorded item's text in the console's language from its message_id and args, else the
// English "message" it recorded.
std::string recorded_text(const Console& c, const core::Json& item) {
  std::vector<core::MessageArg> args;
  if (const core::Json* a = core::json_object(item, "args")) {
    for (auto it = a->begin(); it != a->end(); ++it)
      args.push_back({it.key(), it->is_string() ? it->get<std::string>() : core::dump_compact(*it)});
  }
  auto id = core::json_string(item, "message_id");
  return id && core::catalog_has(c.lang(), *id) ? c.t(*id, args) : core::json_string(item, "message").value_or("?");
}

// The recorded verification's failed or partial checks, in the console's language (each check
// keeps its message id and arguments).
void show_unpassed_checks(const Console& c, const core::Json& manifest) {
  const core::Json* checks = core::json_at(manifest, "result/checks");
  if (checks == nullptr || !checks->is_array()) return;
  for (const auto& check : *checks) {
    std::string status = check.is_object() ? core::json_string(check, "status").value_or("") : "";
    if (status != "fail" && status != "partial") continue;
    c.say("verify.check_line", {{"status", c.t("verify.status_" + status)}, {"text", recorded_text(c, check)}});
  }
}

// The recorded verdict's blocking problems, as prepare recorded them.
void show_blocking_problems(const Console& c, const core::Json& manifest) {
  const core::Json* problems = core::json_at(manifest, "environment/verdict/problems");
  std::vector<std::string> lines;
  if (problems != nullptr && problems->is_array()) {
    for (const auto& p : *problems) {
      if (!p.is_object() || core::json_string(p, "severity").value_or("") != "blocking") continue;
      lines.push_back("  [" + c.t("envprobe.blocking") + "] " + recorded_text(c, p));
    }
  }
  c.say("envprobe.verdict_not_ready", {{"count", std::to_string(lines.size())}});
  for (const auto& l : lines) c.line(l);
}

// A run log that could not grow (disk full, file size limit) is short: said wherever the run
// is shown, from what run recorded in run.log_truncated (issue 18 item 17).
void show_log_truncated(const Console& c, const core::Json& manifest) {
  const core::Json* cut = core::json_at(manifest, "run/log_truncated");
  if (cut == nullptr || !cut->is_object()) return;
  const core::Json* run = core::json_object(manifest, "run");
  c.say("cli.status_log_truncated", {{"log", core::json_string(*run, "log").value_or("?")},
                                     {"at", std::to_string(core::json_int(*cut, "at_byte").value_or(0))},
                                     {"lost", std::to_string(core::json_int(*cut, "lost_bytes").value_or(0))},
                                     {"reason", core::json_string(*cut, "reason").value_or("?")}});
}

void show(const Console& c, const workflow::WorkflowStatus& s) {
  c.say("cli.status_artifacts");
  Table a = Table::from_ids(c, {"cli.heading_artifact", "cli.heading_state", "cli.heading_note"});
  for (const auto* art : {&s.analysis, &s.plan, &s.manifest}) {
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
  if (s.run.phase != workflow::RunPhase::none) {
    c.say("cli.status_run", {{"state", named(c, "cli.run_", s.run_state())}});
    if (!s.run.reason_id.empty()) c.line("  (" + c.t(s.run.reason_id, s.run.reason_args) + ")");
    show_log_truncated(c, s.manifest.doc);
    // A failed run's diagnosis as run told it, in this console's language (issue 16 item 2: the
    // failure leads to its diagnosis and the checkpoint to return to).
    if (s.run.phase == workflow::RunPhase::failed) {
      const core::Json* recorded = core::json_at(s.manifest.doc, "run/diagnosis");
      if (auto d = recorded != nullptr ? diagnose::Diagnosis::from_json(*recorded) : std::nullopt) print_diagnosis(c, *d);
    }
  }
  if (s.verification == workflow::Verification::failed || s.verification == workflow::Verification::partial)
    show_unpassed_checks(c, s.manifest.doc);
  if (!s.evaluation.empty()) c.say("cli.status_evaluation", {{"verdict", evaluation_verdict_text(c, s.evaluation)}});
  if (s.next_action == workflow::NextAction::fix_environment) show_blocking_problems(c, s.manifest.doc);
  if (s.return_to) {
    std::string valid = core::join(s.valid_artifacts());
    c.say("cli.status_return_to", {{"checkpoint", std::to_string(static_cast<int>(*s.return_to))},
                                   {"name", c.enum_text("checkpoint", std::string(workflow::checkpoint_name(*s.return_to)))}});
    c.say("cli.status_still_valid", {{"artifacts", valid.empty() ? "-" : valid}});
  }
  say_next(c, s);
}

int run_status(Context& ctx) {
  auto s = workflow::evaluate(workflow::Workdir{ctx.workdir});
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
