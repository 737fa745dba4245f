#include "workflow/command_digest.h"

#include "artifacts/command.h"
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

core::Json estimate_scope(const core::Json& manifest) {
  const core::Json* estimate = core::json_object(manifest, "estimate");
  if (estimate == nullptr) return nullptr;
  core::Json out = core::Json::object();
  for (const char* key : kBoundEstimateKeys) {
    if (estimate->contains(key)) out[key] = (*estimate)[key];
  }
  return out;
}

bool RecordedCommand::environment_ready() const {
  return environment_verdict.is_object() && core::json_bool(environment_verdict, "ready").value_or(false);
}

std::string command_digest(const RecordedCommand& cmd) {
  core::Json doc = {{"argv", core::Json::array()}, {"env_changes", core::Json::array()}};
  for (const auto& a : cmd.argv) doc["argv"].push_back(a);
  for (const auto& e : cmd.env_changes) doc["env_changes"].push_back({{"name", e.name}, {"value", e.value}});
  doc["output_dir"] = cmd.output_dir;
  doc["overwrite"] = cmd.overwrite;
  doc["environment_verdict"] = cmd.environment_verdict;
  doc["model"] = cmd.model;
  doc["built_from"] = cmd.built_from;
  if (!cmd.evaluator.is_null()) doc["evaluator"] = cmd.evaluator;
  if (cmd.scope >= 2) {
    doc["scope"] = cmd.scope;
    doc["estimate"] = cmd.estimate;
  }
  if (cmd.scope >= 3) doc["executor"] = cmd.executor;
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
  const core::Json* dir = core::json_at(manifest, "outputs/output_dir");
  out.output_dir = (dir != nullptr && dir->is_string()) ? dir->get<std::string>() : "";
  const core::Json* overwrite = core::json_at(manifest, "outputs/overwrite");
  out.overwrite = overwrite != nullptr && overwrite->is_boolean() && overwrite->get<bool>();
  out.environment_verdict = value_or_null(manifest, "environment/verdict");
  out.model = value_or_null(manifest, "inputs/model_identity");
  out.built_from = value_or_null(manifest, "built_from");
  out.evaluator = value_or_null(manifest, "evaluator");
  if (cmd.scope) {
    if (*cmd.scope < 1 || *cmd.scope > kCommandScope) return invalid();
    out.scope = static_cast<int>(*cmd.scope);
  }
  if (out.scope >= 2) out.estimate = estimate_scope(manifest);
  if (out.scope >= 3) out.executor = value_or_null(manifest, "executor");
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
