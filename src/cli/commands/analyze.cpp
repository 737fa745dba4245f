// quark-ptq analyze MODEL [--revision REV] [--python PATH]: step 1. Reads configuration and
// safetensors headers only (and, where a Python environment is found, asks the model oracle,
// which builds the model from its config on the meta device), writes model_analysis.json into
// the workdir (validated, atomically) and prints a short table; --json prints the artifact
// itself on stdout.
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/commands/analyze.h"
#include "cli/next_step.h"
#include "cli/step_views.h"
#include "cli/summaries.h"
#include "intake/linear_inventory.h"

namespace cli {

namespace {

std::string num(const core::Json& j, std::string_view path) {
  const core::Json* v = core::json_at(j, path);
  if (v == nullptr || v->is_null()) return "?";
  if (v->is_string()) return v->get<std::string>();
  return v->dump();
}

std::string join(const core::Json* list, std::string_view none) {
  if (list == nullptr || !list->is_array() || list->empty()) return std::string(none);
  std::string out;
  for (const auto& v : *list) {
    if (!out.empty()) out += ", ";
    out += v.is_string() ? v.get<std::string>() : v.dump();
  }
  return out;
}

void row(const Console& c, std::string_view label_id, const std::string& value) {
  c.line(fmt::format("  {:<30} {}", c.t(label_id), value));
}

void print_risks(const Console& c, const core::Json* risks) {
  if (risks == nullptr || risks->empty()) {
    c.say("intake.summary_no_risks");
    return;
  }
  c.say("intake.summary_risks");
  for (const auto& r : *risks) {
    c.line("  " + risk_line(c, r));
    if (std::string hint = risk_hint(c, r); !hint.empty()) c.line("         -> " + hint);
  }
}

void print_summary(const Console& c, const core::Json& a, const core::fs::path& written, NextHint next) {
  c.say("intake.summary_title", {{"status", c.enum_text("analysis_status", num(a, "analysis_status"))}, {"path", written.string()}});
  row(c, "intake.summary_model", num(a, "model/model_path"));
  row(c, "intake.summary_type", num(a, "model/model_type") + " / " + num(a, "model/loading_class"));
  row(c, "intake.summary_layers",
      num(a, "architecture/num_hidden_layers") + " / " + num(a, "architecture/hidden_size") + " / " +
          num(a, "architecture/num_attention_heads") + " (" + num(a, "architecture/num_key_value_heads") + ")");
  row(c, "intake.summary_vocab",
      num(a, "architecture/vocab_size") + " / " + num(a, "architecture/max_position_embeddings") + " / " + num(a, "model/dtype"));
  if (core::json_at(a, "moe/is_moe") != nullptr && core::json_at(a, "moe/is_moe")->is_boolean() &&
      core::json_at(a, "moe/is_moe")->get<bool>()) {
    row(c, "intake.summary_moe",
        c.t("intake.summary_moe_value", {{"experts", num(a, "moe/num_experts")},
                                         {"top", num(a, "moe/experts_per_token")},
                                         {"shared", num(a, "moe/shared_experts")},
                                         {"moe", num(a, "moe/moe_layers")},
                                         {"dense", num(a, "moe/dense_layers")},
                                         {"tensors", num(a, "moe/expert_tensors")}}));
  } else {
    row(c, "intake.summary_moe", c.t("intake.summary_no"));
  }
  if (const core::Json* towers = core::json_at(a, "multimodal/towers"); towers != nullptr && !towers->empty()) {
    std::string s;
    for (const auto& t : *towers) {
      if (!s.empty()) s += "; ";
      s += num(t, "kind") + " (" + num(t, "config_key") + ", hidden " + num(t, "hidden_size") + ", " + num(t, "num_layers") + " layers)";
    }
    row(c, "intake.summary_multimodal", s);
  }
  row(c, "intake.summary_linear",
      c.t("intake.summary_linear_value", {{"linear", num(a, "quantization_targets/linear_layer_count")},
                                          {"method", num(a, "quantization_targets/method")},
                                          {"quantized", num(a, "quantization_targets/quantized_layer_count")}}));
  row(c, "intake.summary_exclusions", join(core::json_at(a, "quantization_targets/exclude_defaults"), c.t("intake.summary_none")));
  std::string templates;
  if (const core::Json* qt = core::json_at(a, "quark_templates")) {
    for (const auto& t : *qt) {
      if (!templates.empty()) templates += ", ";
      bool has = core::json_bool(t, "has_template").value_or(false);
      templates += num(t, "quark_version") + " " + c.t(has ? "intake.summary_yes" : "intake.summary_no");
    }
  }
  row(c, "intake.summary_template", templates);
  if (const core::Json* inv = core::json_object(a, "inventory")) {
    auto bytes = core::json_int(*inv, "declared_bytes").value_or(0);
    row(c, "intake.summary_checkpoint",
        c.t("intake.summary_checkpoint_value", {{"tensors", num(*inv, "tensor_count")},
                                                {"shards", num(*inv, "shards")},
                                                {"gib", fmt::format("{:.1f}", static_cast<double>(bytes) / (1024.0 * 1024 * 1024))},
                                                {"params", num(a, "quantization_targets/parameters/total")}}));
  }
  bool remote = core::json_at(a, "model/remote_code/required") != nullptr && core::json_at(a, "model/remote_code/required")->is_boolean() &&
                core::json_at(a, "model/remote_code/required")->get<bool>();
  if (const core::Json* pq = core::json_at(a, "pre_quantized/tensors"); pq != nullptr && pq->is_array() && !pq->empty()) {
    std::uint64_t tensors = 0;
    std::string names;
    for (const auto& t : *pq) {
      tensors += static_cast<std::uint64_t>(core::json_int(t, "tensors").value_or(0));
      if (core::json_bool(t, "module_counted").value_or(true)) continue;
      intake::PrequantizedTensors shown;
      shown.templ = core::json_string(t, "name").value_or("?");
      shown.totals.tensors = static_cast<std::uint64_t>(core::json_int(t, "tensors").value_or(0));
      names += (names.empty() ? "" : ", ") + intake::prequantized_name(shown);
    }
    row(c, "intake.summary_pre_quantized",
        c.t("intake.summary_pre_quantized_value", {{"tensors", std::to_string(tensors)},
                                                   {"uncounted", num(a, "pre_quantized/uncounted_tensors")},
                                                   {"names", names.empty() ? "-" : names}}));
  }
  row(c, "intake.summary_remote_code", c.t(remote ? "intake.summary_yes" : "intake.summary_no") + " (trust_remote_code false)");
  // Inside start, the question at checkpoint 1 lists the risks (cli/summaries.cpp) and is
  // itself what comes next.
  if (next == NextHint::asked_by_start) return;
  print_risks(c, core::json_array(a, "risks"));
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
