// quark-ptq analyze MODEL [--revision REV] [--python PATH]: step 1. Reads configuration and
// safetensors headers only (and, where a Python environment is found, asks the model oracle,
// which builds the model from its config on the meta device), writes model_analysis.json into
// the workdir (validated, atomically) and prints a short table; --json prints the artifact
// itself on stdout.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "artifacts/model_analysis.h"
#include "cli/commands.h"
#include "cli/commands/analyze.h"
#include "cli/next_step.h"
#include "cli/step_views.h"
#include "cli/summaries.h"
#include "core/text.h"
#include "intake/analysis_summary.h"

namespace cli {

namespace {

void row(const Console& c, std::string_view label_id, const std::string& value) {
  c.line(fmt::format("  {:<30} {}", c.t(label_id), value));
}

std::string yes_no(const Console& c, bool yes) { return c.t(yes ? "intake.summary_yes" : "intake.summary_no"); }

void print_table(const Console& c, const intake::AnalysisSummary& a, const core::fs::path& written) {
  c.say("intake.summary_title", {{"status", c.enum_text("analysis_status", a.analysis_status)}, {"path", written.string()}});
  row(c, "intake.summary_model", a.model_path);
  row(c, "intake.summary_type", a.model_type + " / " + a.loading_class);
  row(c, "intake.summary_layers", a.hidden_layers + " / " + a.hidden_size + " / " + a.attention_heads + " (" + a.key_value_heads + ")");
  row(c, "intake.summary_vocab", a.vocab_size + " / " + a.max_positions + " / " + a.dtype);
  if (const auto& m = a.moe) {
    row(c, "intake.summary_moe",
        c.t("intake.summary_moe_value", {{"experts", m->experts},
                                         {"top", m->experts_per_token},
                                         {"shared", m->shared_experts},
                                         {"moe", m->moe_layers},
                                         {"dense", m->dense_layers},
                                         {"tensors", c.enum_text("expert_tensors", m->expert_tensors)}}));
  } else {
    row(c, "intake.summary_moe", yes_no(c, false));
  }
  std::vector<std::string> towers;
  for (const auto& t : a.towers)
    towers.push_back(t.kind + " (" + t.config_key + ", hidden " + t.hidden_size + ", " + t.num_layers + " layers)");
  if (!towers.empty()) row(c, "intake.summary_multimodal", core::join(towers, "; "));
  row(c, "intake.summary_linear",
      c.t("intake.summary_linear_value", {{"linear", a.linear_layers}, {"method", a.method}, {"quantized", a.quantized_layers}}));
  row(c, "intake.summary_exclusions", a.exclusions.empty() ? c.t("intake.summary_none") : core::join(a.exclusions));
  std::vector<std::string> templates;
  for (const auto& t : a.templates) templates.push_back(t.quark_version + " " + yes_no(c, t.has_template));
  row(c, "intake.summary_template", core::join(templates));
  if (const auto& cp = a.checkpoint) {
    row(c, "intake.summary_checkpoint",
        c.t("intake.summary_checkpoint_value",
            {{"tensors", cp->tensors},
             {"shards", cp->shards},
             {"gib", fmt::format("{:.1f}", static_cast<double>(cp->declared_bytes) / (1024.0 * 1024 * 1024))},
             {"params", cp->parameters}}));
  }
  if (const auto& pq = a.pre_quantized) {
    row(c, "intake.summary_pre_quantized",
        c.t("intake.summary_pre_quantized_value", {{"tensors", std::to_string(pq->tensors)},
                                                   {"uncounted", pq->uncounted_tensors},
                                                   {"names", pq->uncounted_names.empty() ? "-" : core::join(pq->uncounted_names)}}));
  }
  row(c, "intake.summary_remote_code", yes_no(c, a.remote_code_required) + " (trust_remote_code false)");
}

void print_summary(const Console& c, const core::Json& a, const core::fs::path& written, NextHint next) {
  // The document intake has just written; one that did not read back would be shown as the error it is.
  auto typed = artifacts::ModelAnalysis::from_json(a);
  if (!typed) {
    c.error_line(typed.error());
    return;
  }
  print_table(c, intake::summarize_analysis(*typed), written);
  // Inside start, the question at checkpoint 1 lists the risks (cli/summaries.cpp) and is
  // itself what comes next.
  if (next == NextHint::asked_by_start) return;
  show_risks(c, typed->risks, "intake.summary_no_risks", "intake.summary_risks");
  c.say("intake.summary_next",
        {{"command", user_command(written.parent_path(), workflow::confirm_command(workflow::Checkpoint::analysis))}});
}

}  // namespace

void render_analyzed(const Console& console, const flow::Analyzed& a, NextHint next) {
  if (console.json_mode()) console.json(a.analysis);
  print_summary(console, a.analysis, a.path, next);
}

int run_analyze_command(Context& ctx, const AnalyzeOptions& opt) {
  intake::AnalyzeRequest req;
  req.model = opt.model;
  if (!opt.revision.empty()) req.revision = opt.revision;
  flow::AnalyzeOracle oracle;
  oracle.python = opt.python;
  auto analyzed = flow::analyze(ctx.workdir, req, oracle);
  if (!analyzed) return ctx.console.error(analyzed.error());
  render_analyzed(ctx.console, *analyzed);
  return 0;
}

void add_analyze_command(CLI::App& app, const HelpText& help, CommandFn& selected) {
  auto opt = std::make_shared<AnalyzeOptions>();
  auto* sub = app.add_subcommand("analyze", help("help.analyze.summary"));
  sub->add_option("model", opt->model, help("help.analyze.model"))->required();
  sub->add_option("--revision", opt->revision, help("help.analyze.revision"));
  sub->add_option("--python", opt->python, help("help.analyze.python"));
  sub->callback([&selected, opt] { selected = [opt](Context& ctx) { return run_analyze_command(ctx, *opt); }; });
}

}  // namespace cli
