// quark-ptq validate FILE [--schema NAME]: schema validation of any of our artifacts.
#include <memory>
#include <string_view>
#include <utility>

#include "artifacts/checkpoints.h"
#include "cli/commands.h"
#include "cli/option_checks.h"
#include "core/schema.h"
#include "core/yaml_io.h"
#include "workflow/command_digest.h"

namespace cli {

namespace {

struct ValidateOptions {
  std::string file;
  std::string schema;
};

// The schema for a file: --schema, else the artifact's own "artifact" field, else its name.
std::string schema_for(const core::Json& doc, const core::fs::path& path, const std::string& forced) {
  if (!forced.empty()) return forced;
  if (auto kind = artifacts::declared_artifact(doc)) return *kind;
  // The first schema whose artifact's name is part of the file's name.
  static const std::pair<std::string_view, std::string_view> kByName[] = {{"model_analysis", core::kSchemaModelAnalysis},
                                                                          {"quant_plan", core::kSchemaQuantPlan},
                                                                          {"run_manifest", core::kSchemaRunManifest},
                                                                          {"checkpoints", core::kSchemaCheckpoints}};
  const std::string name = path.filename().string();
  for (const auto& [part, schema] : kByName) {
    if (name.find(part) != std::string::npos) return std::string(schema);
  }
  return "";
}

int run_validate(Context& ctx, const ValidateOptions& opt) {
  core::fs::path path = core::absolute_path(opt.file);
  bool is_yaml = path.extension() == ".yaml" || path.extension() == ".yml";
  auto doc = is_yaml ? core::read_yaml_file(path) : core::read_json_file(path);
  if (!doc) return ctx.console.error(doc.error());
  std::string schema = schema_for(*doc, path, opt.schema);
  if (schema.empty()) {
    return ctx.console.error(core::make_error(core::ExitCode::bad_input, "cli.validate_unknown_kind").with("path", path.string()));
  }
  auto issues = core::schema_issues(*doc, schema);
  // A run manifest is also judged on what checkpoint 3 approves: a display, output directory
  // or verdict that disagrees with the digest is as invalid as a schema violation.
  if (issues.empty() && schema == core::kSchemaRunManifest) {
    if (std::string why = workflow::command_inconsistency(*doc); !why.empty()) {
      auto slash = why.find(": ");
      issues.push_back({why.substr(0, slash), slash == std::string::npos ? why : why.substr(slash + 2)});
    }
  }
  if (ctx.console.json_mode()) {
    core::Json listed = core::Json::array();
    for (const auto& i : issues) listed.push_back({{"pointer", i.pointer}, {"message", i.message}});
    ctx.console.json({{"file", path.string()}, {"schema", schema}, {"valid", issues.empty()}, {"issues", std::move(listed)}});
  }
  if (issues.empty()) {
    ctx.console.say("cli.validate_ok", {{"path", path.string()}, {"schema", schema}});
    return 0;
  }
  for (const auto& i : issues) ctx.console.warn((i.pointer.empty() ? "/" : i.pointer) + ": " + i.message);
  auto res = core::validate_against(*doc, schema, path.string());
  if (!res) return ctx.console.error(res.error());
  return ctx.console.error(core::make_error(core::ExitCode::bad_input, "core.schema_invalid")
                               .with("source", path.string())
                               .with("schema", schema)
                               .with("pointer", issues.front().pointer)
                               .with("message", issues.front().message)
                               .with("count", std::to_string(issues.size())));
}

}  // namespace

void add_validate_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<ValidateOptions>();
  auto* sub = app.add_subcommand("validate", help("help.validate.summary"));
  sub->add_option("file", opt->file, help("help.validate.file"))->required();
  sub->add_option("--schema", opt->schema, help("help.validate.schema"))
      ->check(one_of(help, {"model_analysis", "quant_plan", "run_manifest", "checkpoints"}));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_validate(ctx, *opt); }; });
}

}  // namespace cli
