#include "manifest/manifest_doc.h"

#include <cmath>

#include "artifacts/command.h"
#include "artifacts/plan_upgrade.h"
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
  // The plan as recorded (status_of read it valid); its options and its command line.
  const auto plan = artifacts::read_quant_plan(p.status.plan.doc);
  const core::Json plan_options = plan ? plan->options : core::Json(nullptr);
  const std::string plan_command = plan && plan->command ? *plan->command : "quark-ptq plan";
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
       {"command", plan_command},
       {"options", plan_options},
       {"digest", p.status.plan.digest}},
      {{"name", "generate"}, {"kind", "generate"}, {"produces", {"run_manifest.yaml"}}, {"command", p.prepare_command}},
      {{"name", "run"}, {"kind", "run"}, {"produces", {p.output.path}}, {"command", p.display}},
  });
}

}  // namespace

core::Result<artifacts::PreparedManifest> build_manifest(const ManifestParts& p) {
  artifacts::PreparedManifest m;
  m.quark_ptq_version = std::string(core::tool_version());
  m.created_at = core::now_utc_iso8601();
  m.inputs.model = p.plan.model;
  m.inputs.model_source = p.plan.model_is_local ? "local" : "huggingface_id";
  m.inputs.revision = p.plan.revision;
  m.inputs.workdir = p.status.analysis.path.parent_path().string();
  m.inputs.trust_remote_code = p.plan.trust_remote_code;
  m.inputs.model_identity = p.model_identity;
  m.outputs.output_dir = p.output.path;
  m.outputs.exists = p.output.exists;
  m.outputs.overwrite = p.output.overwrite;
  m.outputs.expected_files = p.expected_files;
  m.outputs.estimated_size_gib = std::round(p.estimate.output_disk_gib * 100) / 100;
  m.built_from = {p.status.analysis.digest, p.status.plan.digest};
  // envprobe (below artifacts) reports the environment with the verdict prepare completed;
  // the record reads that report once, and writes it.
  QPTQ_TRY_ASSIGN(m.environment, artifacts::EnvironmentRecord::from_json(envprobe::report_to_json(p.env)));
  m.estimate = estimate_record(p.estimate);
  m.command.python = p.env.env.python.empty() ? std::nullopt : std::optional<std::string>(p.env.env.python);
  m.command.quark_cli = p.command.argv.front();
  m.command.argv = p.command.argv;
  for (const auto& [name, value] : p.command.env_changes) m.command.env_changes.push_back({name, value});
  m.command.display = p.display;
  m.command.scope = workflow::kCommandScope;
  // The digest covers the manifest around the section: prepare computes it once the manifest is whole.
  m.steps = steps_json(p);
  m.checkpoints = checkpoints_json(p.status, p.env.verdict.ready);
  return m;
}

}  // namespace manifest
