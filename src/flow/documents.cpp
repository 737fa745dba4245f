#include "flow/documents.h"

#include "flow/job_now.h"

#include <algorithm>
#include <system_error>

#include "artifacts/plan_upgrade.h"
#include "core/shell_quote.h"
#include "core/text.h"
#include "flow/comparison_table.h"
#include "plan/plan_document.h"
#include "report/read_workdir.h"

namespace flow {

namespace {

enum class Shown { relative_when_below, absolute };

std::string command_for(const std::filesystem::path& workdir, const std::string& cmd, Shown style) {
  const std::string prefix = "quark-ptq ";
  // Alternatives ("quark-ptq accept / quark-ptq followup TEXT"): each as it is typed.
  if (auto at = cmd.find(" / "); at != std::string::npos) {
    return command_for(workdir, cmd.substr(0, at), style) + " / " + command_for(workdir, cmd.substr(at + 3), style);
  }
  if (cmd.rfind(prefix, 0) != 0 || workdir.empty()) return cmd;
  // A command that names its workdir already is left as it is.
  if (cmd.rfind(prefix + "--workdir ", 0) == 0) return cmd;
  std::filesystem::path shown = workdir;
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (style == Shown::absolute) {
    if (workdir.is_relative() && !ec) shown = (cwd / workdir).lexically_normal();
  } else if (!ec) {
    // Relative to where the person stands when the workdir is below it, else absolute.
    std::filesystem::path rel = workdir.lexically_normal().lexically_relative(cwd.lexically_normal());
    if (rel == ".") return cmd;
    if (!rel.empty() && *rel.begin() != "..") shown = rel;
  }
  return prefix + "--workdir " + core::shell_quote(shown.string()) + " " + cmd.substr(prefix.size());
}

}  // namespace

std::string user_command(const std::filesystem::path& workdir, const std::string& cmd) {
  return command_for(workdir, cmd, Shown::relative_when_below);
}

std::string user_command_absolute(const std::filesystem::path& workdir, const std::string& cmd) {
  return command_for(workdir, cmd, Shown::absolute);
}

core::Error with_workdir_absolute(core::Error e, const std::filesystem::path& workdir) {
  for (auto& a : e.args) a.value = user_command_absolute(workdir, a.value);
  return e;
}

std::string evaluation_verdict_text(core::Lang lang, std::string verdict) {
  std::replace(verdict.begin(), verdict.end(), '-', '_');
  std::string id = "cli.evaluation_" + verdict;
  return core::catalog_has(lang, id) ? core::msg(lang, id) : verdict;
}

std::vector<core::MessageArg> localized_args(core::Lang lang, std::vector<core::MessageArg> args) {
  const std::string* reason_id = nullptr;
  std::vector<core::MessageArg> reason_args;
  for (const auto& a : args) {
    if (a.name == "reason_id") reason_id = &a.value;
    if (a.name.rfind("reason.", 0) == 0) reason_args.push_back({a.name.substr(7), a.value});
  }
  std::string reason = reason_id != nullptr && core::catalog_has(lang, *reason_id) ? core::msg(lang, *reason_id, reason_args) : "";
  for (auto& a : args) {
    if (a.name == "verdict") a.value = evaluation_verdict_text(lang, a.value);
    if (a.name == "reason" && !reason.empty()) a.value = reason;
  }
  return args;
}

core::Error localized(core::Lang lang, core::Error e) {
  e.args = localized_args(lang, std::move(e.args));
  return e;
}

std::string next_action_text(core::Lang lang, const workflow::WorkflowStatus& s) {
  std::vector<core::MessageArg> args = localized_args(lang, s.next_action_args);
  for (auto& a : args) a.value = user_command(s.workdir, a.value);
  return core::msg(lang, workflow::next_action_id(s.next_action), args);
}

core::Json next_action_json(core::Lang lang, const workflow::WorkflowStatus& s) {
  core::Json j = {{"id", std::string(workflow::next_action_id(s.next_action))},
                  {"text", next_action_text(lang, s)},
                  {"command", user_command(s.workdir, s.next_command)}};
  if (auto approves = workflow::approved_command_display(s.next_command, s.manifest.doc)) j["approves"] = *approves;
  return j;
}

core::Json error_document(core::Lang lang, const core::Error& e) {
  core::Json args = core::Json::object();
  for (const auto& a : e.args) args[a.name] = core::redact_credentials(a.value);
  core::Json err = {
      {"exit_code", core::to_int(e.code)}, {"id", e.id}, {"message", core::render_error(lang, localized(lang, e))}, {"args", args}};
  if (!e.detail.empty()) err["detail"] = core::redact_credentials(e.detail);
  return {{"error", err}};
}

core::Json status_document(core::Lang lang, const workflow::WorkflowStatus& s) {
  core::Json j = s.to_json();
  j["workdir"] = s.workdir.string();
  j["next_action"] = next_action_json(lang, s);
  if (s.run.phase == workflow::RunPhase::running) {
    if (auto now = job_now(s.manifest.doc)) j["job_now"] = job_now_json(*now);
  }
  return j;
}

core::Json plan_document(const PlanOutcome& outcome) {
  if (const auto* w = std::get_if<plan_end::Written>(&outcome.end)) return w->doc;
  core::Json problems = core::Json::array();
  for (const auto& pr : std::get<plan_end::Invalid>(outcome.end).plan.problems) {
    problems.push_back(
        {{"code", pr.code}, {"message", plan::render(core::Lang::en, pr.text)}, {"fix", plan::render(core::Lang::en, pr.fix)}});
  }
  return {{"valid", false}, {"written", false}, {"problems", problems}};
}

core::Json prepare_document(const manifest::PrepareResult& r) {
  return {{"manifest_path", r.path.string()}, {"ready", r.ready}, {"digest", r.digest}, {"display", r.display}, {"manifest", r.manifest}};
}

core::Json confirm_document(core::Lang lang, const workflow::Workdir& wd, const workflow::ConfirmOutcome& outcome, bool accepted_risks) {
  const workflow::Confirmation& conf = outcome.confirmation;
  core::Json out = {{"checkpoint", static_cast<int>(conf.checkpoint)},
                    {"already_confirmed", outcome.already},
                    {"confirmation", workflow::confirmation_to_json(conf)}};
  if (accepted_risks) {
    // The plan's risks as recorded: what this confirmation accepted (the plan read before it was confirmed).
    auto plan = artifacts::read_quant_plan(outcome.doc);
    out["accepted_risks"] = plan ? artifacts::to_json(plan->risks) : core::Json::array();
  }
  if (auto status = workflow::status_of(wd)) out["next_action"] = next_action_json(lang, *status);
  return out;
}

core::Json run_document(const RunOutcome& outcome) {
  const verify::VerifyReport* report = outcome.report();
  core::Json j = {{"manifest", outcome.manifest.string()}, {"run", outcome.run}};
  j["result"] = report != nullptr ? report->record().to_json() : core::Json(nullptr);
  j["evaluation"] = outcome.evaluation ? outcome.evaluation->record().to_json() : core::Json(nullptr);
  j["report"] = outcome.report_html && *outcome.report_html ? core::Json(outcome.report_html->value().string()) : core::Json(nullptr);
  j["exit_code"] = core::to_int(outcome.exit_code());
  return j;
}

core::Json run_document(core::Lang lang, const RunOutcome& outcome) {
  core::Json j = run_document(outcome);
  auto status = workflow::status_of(workflow::Workdir{outcome.manifest.parent_path()});
  j["next_action"] = status ? next_action_json(lang, *status) : core::Json(nullptr);
  return j;
}

core::Json comparison_prepared_document(const manifest::ComparisonPrepared& p) {
  core::Json doc = {
      {"artifact", "comparison_prepared"},         {"path", p.path.string()},          {"ready", p.ready()}, {"digest", p.record.digest},
      {"comparison_manifest", p.record.to_json()}, {"candidates", core::Json::array()}};
  for (const auto& r : p.candidates) doc["candidates"].push_back(prepare_document(r));
  // How step 4 will run them: the candidates (names) of each lane, the lanes side by side.
  core::Json lanes = core::Json::array();
  for (const auto& lane : p.record.lanes()) {
    core::Json names = core::Json::array();
    for (std::size_t i : lane) names.push_back(p.record.candidates[i].name);
    lanes.push_back(std::move(names));
  }
  doc.emplace("lanes", std::move(lanes));
  doc.emplace("runs_as", p.record.all_jobs() ? "slurm_jobs" : p.record.lanes().size() > 1 ? "side_by_side" : "one_after_another");
  return doc;
}

core::Json comparison_run_document(core::Lang lang, const ComparisonOutcome& outcome) {
  core::Json doc = {{"artifact", "comparison_run"},
                    {"digest", outcome.digest},
                    {"interrupted", outcome.interrupted},
                    {"exit_code", core::to_int(outcome.exit_code())},
                    {"candidates", core::Json::array()}};
  for (const auto& c : outcome.candidates) {
    core::Json item = {{"name", c.name}, {"skipped", c.skipped}};
    item["exit_code"] = c.outcome ? core::Json(core::to_int(c.outcome->exit_code())) : core::Json(nullptr);
    item["error"] = c.error ? error_document(lang, *c.error)["error"] : core::Json(nullptr);
    doc["candidates"].push_back(std::move(item));
  }
  auto report = report::read_workdir(workflow::Workdir{outcome.workdir});
  doc["table"] = report ? comparison_document(comparison_table(std::move(*report)), lang) : core::Json(nullptr);
  doc["report"] = outcome.report_html && *outcome.report_html ? core::Json(outcome.report_html->value().string()) : core::Json(nullptr);
  auto status = workflow::status_of(workflow::Workdir{outcome.workdir});
  doc["next_action"] = status ? next_action_json(lang, *status) : core::Json(nullptr);
  return doc;
}

core::Json decision_document(core::Lang lang, const workflow::Workdir& wd, const workflow::Confirmation& conf) {
  core::Json out = {{"checkpoint", 4}, {"confirmation", workflow::confirmation_to_json(conf)}};
  if (auto status = workflow::status_of(wd)) out["next_action"] = next_action_json(lang, *status);
  return out;
}

}  // namespace flow
