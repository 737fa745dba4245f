#include "workflow/command_digest.h"

#include "artifacts/command.h"
#include "artifacts/prepared_manifest.h"
#include "core/sha256.h"
#include "core/shell_quote.h"

namespace workflow {

namespace {

std::vector<std::pair<std::string, std::string>> env_pairs(const std::vector<EnvChangeEntry>& env) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : env) out.emplace_back(e.name, e.value);
  return out;
}

// A key's value, null when absent, so that a missing field and an explicit null digest alike.
core::Json value_or_null(const core::Json& j, std::string_view path) {
  const core::Json* v = core::json_at(j, path);
  return v != nullptr ? *v : core::Json(nullptr);
}

}  // namespace

bool RecordedCommand::environment_ready() const { return environment_verdict && environment_verdict->ready; }

std::string command_digest(const RecordedCommand& cmd) {
  core::Json env_changes = core::Json::array();
  for (const auto& e : cmd.env_changes) env_changes.push_back({{"name", e.name}, {"value", e.value}});
  // Each section as its one writer encodes it, null when the manifest has none. (The digest is
  // of the canonical dump: the keys' order here does not matter.)
  core::Json doc = {{"argv", cmd.argv},
                    {"env_changes", std::move(env_changes)},
                    {"output_dir", cmd.output_dir},
                    {"overwrite", cmd.overwrite},
                    {"environment_verdict", cmd.environment_verdict ? cmd.environment_verdict->to_json() : core::Json(nullptr)},
                    {"model", cmd.model ? cmd.model->to_json() : core::Json(nullptr)},
                    {"built_from", cmd.built_from ? cmd.built_from->to_json() : core::Json(nullptr)}};
  if (!cmd.evaluator.is_null()) doc.emplace("evaluator", core::Json(cmd.evaluator));
  if (cmd.scope >= 2) {
    doc.emplace("scope", core::Json(cmd.scope));
    doc.emplace("estimate", cmd.estimate ? cmd.estimate->bound_predictions() : core::Json(nullptr));
  }
  if (cmd.scope >= 3) doc.emplace("executor", core::Json(cmd.executor));
  return core::json_digest(doc);
}

core::Result<RecordedCommand> read_recorded_command(const core::Json& manifest) {
  auto invalid = [] {
    return core::make_error(core::ExitCode::bad_input, "workflow.command_invalid").with("command", "quark-ptq prepare");
  };
  // The section as written (artifacts::Command); a field of the wrong type is a command that
  // cannot be trusted, as is one without argv.
  auto section = artifacts::manifest_command(manifest);
  if (!section || !*section || (*section)->argv.empty()) return invalid();
  const artifacts::Command& cmd = **section;
  RecordedCommand out;
  out.argv = cmd.argv;
  for (const auto& e : cmd.env_changes) out.env_changes.push_back({e.name, e.value});
  // The sections the digest binds, read as typed records and encoded by their one writer: the
  // digest's input document is the one the manifest records.
  auto sections = artifacts::PreparedSections::from_json(manifest);
  if (!sections) return invalid();
  if (sections->outputs) {
    out.output_dir = sections->outputs->output_dir;
    out.overwrite = sections->outputs->overwrite;
  }
  if (sections->environment) out.environment_verdict = sections->environment->verdict;
  if (sections->inputs) out.model = sections->inputs->model_identity;
  out.built_from = sections->built_from;
  out.evaluator = value_or_null(manifest, "evaluator");
  if (cmd.scope) {
    if (*cmd.scope < 1 || *cmd.scope > kCommandScope) return invalid();
    out.scope = static_cast<int>(*cmd.scope);
  }
  if (out.scope >= 2) out.estimate = sections->estimate;
  if (out.scope >= 3) {
    auto executor = artifacts::manifest_executor(manifest);
    if (!executor) return invalid();
    out.executor = *executor ? (*executor)->to_json() : core::Json(nullptr);
  }
  out.display = core::display_command(out.argv, env_pairs(out.env_changes));
  out.recorded_display = cmd.display.value_or("");
  out.digest = cmd.digest;
  return out;
}

std::string command_inconsistency(const core::Json& manifest) {
  auto cmd = read_recorded_command(manifest);
  if (!cmd) return "/command: no argv, or argv / env_changes malformed";
  if (cmd->digest != command_digest(*cmd)) {
    return "/command/digest: does not match the command, its environment changes, outputs.output_dir, "
           "environment.verdict, inputs.model_identity, built_from, evaluator, (from command.scope 2) estimate and (from 3) executor "
           "(edited by hand?)";
  }
  if (cmd->recorded_display != cmd->display) return "/command/display: is not the command that command.argv runs (edited by hand?)";
  for (std::size_t i = 0; i + 1 < cmd->argv.size(); ++i) {
    if (cmd->argv[i] == "--output_dir" && cmd->argv[i + 1] != cmd->output_dir) {
      return "/outputs/output_dir: is not the --output_dir the command writes to";
    }
  }
  return "";
}

}  // namespace workflow
