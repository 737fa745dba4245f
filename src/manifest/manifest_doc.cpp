#include "manifest/manifest_doc.h"

#include <cmath>

#include "artifacts/command.h"
#include "core/clock.h"
#include "core/messages.h"
#include "core/shell_quote.h"
#include "core/version.h"
#include "workflow/command_digest.h"

namespace manifest {

namespace {

core::Json checkpoints_json(const workflow::WorkflowStatus& s, bool env_ready) {
  core::Json list = core::Json::array();
  for (workflow::Checkpoint c : workflow::kAllCheckpoints) {
    int n = static_cast<int>(c);
    core::Json blocked = core::Json::array();
    if (n > 1) blocked.push_back(std::to_string(n - 1));
    if (c == workflow::Checkpoint::execution && !env_ready) blocked.push_back("environment");
    list.push_back({{"id", std::to_string(n)},
                    {"name", std::string(workflow::checkpoint_name(c))},
                    {"reason", core::msg(core::Lang::en, workflow::checkpoint_reason_id(c))},
                    {"blocked_by", blocked},
                    {"state", std::string(workflow::checkpoint_state_name(s.at(c).state))}});
  }
  return list;
}

// What was run at each step, with the options used: analyze from the analysis' source (the
// revision asked for and the commit it resolved to), plan from the plan's own record.
core::Json steps_json(const ManifestParts& p) {
  const intake::AnalysisFile& a = p.plan.analysis;
  std::string input = a.source ? a.source->input : p.plan.model;
  const std::optional<std::string>& revision = a.revision;
  const std::optional<std::string>& commit = a.resolved_commit;
  std::string analyze = "quark-ptq analyze " + core::shell_quote(input) + (revision ? " --revision " + core::shell_quote(*revision) : "");
  core::Json analyze_options = {{"model", input}, {"revision", revision ? core::Json(*revision) : core::Json(nullptr)}};
  const core::Json& plan = p.status.plan.doc;
  const core::Json* plan_options = core::json_object(plan, "options");
  return core::Json::array({
      {{"name", "analyze"},
       {"kind", "analyze"},
       {"produces", {"model_analysis.json"}},
       {"command", analyze},
       {"options", analyze_options},
       {"commit", commit ? core::Json(*commit) : core::Json(nullptr)},
       {"digest", p.status.analysis.digest}},
      {{"name", "plan"},
       {"kind", "plan"},
       {"produces", {"quant_plan.json"}},
       {"command", core::json_string(plan, "command").value_or("quark-ptq plan")},
       {"options", plan_options != nullptr ? *plan_options : core::Json(nullptr)},
       {"digest", p.status.plan.digest}},
      {{"name", "generate"}, {"kind", "generate"}, {"produces", {"run_manifest.yaml"}}, {"command", p.prepare_command}},
      {{"name", "run"}, {"kind", "run"}, {"produces", {p.output.path}}, {"command", p.display}},
  });
}

}  // namespace

core::Json build_manifest(const ManifestParts& p) {
  artifacts::Command command;
  command.python = p.env.env.python.empty() ? std::nullopt : std::optional<std::string>(p.env.env.python);
  command.quark_cli = p.command.argv.front();
  command.argv = p.command.argv;
  for (const auto& [name, value] : p.command.env_changes) command.env_changes.push_back({name, value});
  command.display = p.display;
  command.scope = workflow::kCommandScope;
  // The digest covers the manifest around the section: prepare computes it once the manifest is whole.
  core::Json environment = envprobe::report_to_json(p.env);
  core::Json problems = core::Json::array();
  for (const auto& pr : p.env.verdict.problems) problems.push_back(envprobe::problem_to_json(pr));
  environment["verdict"] = {{"ready", p.env.verdict.ready}, {"problems", problems}};
  return {
      {"artifact", "run_manifest"},
      {"schema_version", 1},
      {"quark_ptq_version", std::string(core::tool_version())},
      {"workflow", "quark-torch-ptq"},
      {"created_at", core::now_utc_iso8601()},
      {"inputs",
       {{"model", p.plan.model},
        {"model_source", p.plan.model_is_local ? "local" : "huggingface_id"},
        {"revision", p.plan.revision ? core::Json(*p.plan.revision) : core::Json(nullptr)},
        {"workdir", p.status.analysis.path.parent_path().string()},
        {"analysis", "model_analysis.json"},
        {"plan", "quant_plan.json"},
        {"trust_remote_code", p.plan.trust_remote_code},
        {"model_identity", p.model_identity}}},
      {"outputs",
       {{"output_dir", p.output.path},
        {"exists", p.output.exists},
        {"overwrite", p.output.overwrite},
        {"expected_files", p.expected_files},
        {"estimated_size_gib", core::Json(std::round(p.estimate.output_disk_gib * 100) / 100)}}},
      {"built_from", {{"analysis_digest", p.status.analysis.digest}, {"plan_digest", p.status.plan.digest}}},
      {"environment", environment},
      {"estimate", estimate_to_json(p.estimate)},
      {"command", command.to_json()},
      {"steps", steps_json(p)},
      {"checkpoints", checkpoints_json(p.status, p.env.verdict.ready)},
  };
}

}  // namespace manifest
