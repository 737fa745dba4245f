#include "cli/summaries.h"

#include <algorithm>
#include <cstdio>

#include "artifacts/command.h"
#include "artifacts/plan_upgrade.h"
#include "artifacts/prepared_manifest.h"
#include "artifacts/run_manifest.h"
#include "cli/table.h"
#include "core/messages.h"
#include "core/text.h"
#include "flow/risk_text.h"
#include "manifest/estimate.h"
#include "workflow/checkpoint.h"

namespace cli {

namespace {

void add(Table& t, const Console& c, const char* label_id, std::string value) {
  if (value.empty()) value = "-";
  t.add_row({c.t(label_id), std::move(value)});
}

}  // namespace

std::string risk_line(const Console& c, const artifacts::AnalysisRisk& r) { return flow::risk_line(c.lang(), r); }

std::string risk_hint(const Console& c, const artifacts::AnalysisRisk& r) { return flow::risk_hint(c.lang(), r); }

std::string risk_line(const Console& c, const artifacts::PlanRiskRecord& r) { return flow::risk_line(c.lang(), r); }

std::string brief(const core::Json* v) {
  if (v == nullptr || v->is_null()) return "-";
  if (v->is_string()) return v->get<std::string>();
  if (v->is_array()) {
    if (v->empty()) return "-";
    std::string out;
    for (const auto& item : *v) out += (out.empty() ? "" : ", ") + brief(&item);
    return out;
  }
  if (v->is_object()) return core::dump_compact(*v);
  return v->dump();
}

void show_analysis_summary(const Console& c, const artifacts::ModelAnalysis& a) {
  c.say("cli.summary_analysis_title");
  Table t = Table::from_ids(c, {"cli.heading_item", "cli.heading_value"});
  const artifacts::AnalysisModel& m = a.model;
  const artifacts::QuantizationTargets& qt = a.quantization_targets;
  add(t, c, "cli.label_model", m.model_path);
  add(t, c, "cli.label_model_type", m.model_type);
  add(t, c, "cli.label_architecture", core::join(m.architectures));
  add(t, c, "cli.label_analysis_status", c.enum_text("analysis_status", a.analysis_status.empty() ? "-" : a.analysis_status));
  add(t, c, "cli.label_linear_layers", qt.linear_layer_count ? std::to_string(*qt.linear_layer_count) : "-");
  add(t, c, "cli.label_exclusions", core::join(qt.exclude_defaults));
  add(t, c, "cli.label_remote_code", m.trust_remote_code ? "true" : "false");
  c.line(t.render());
  show_analysis_risks(c, a);
}

void show_risks(const Console& c, const std::vector<artifacts::AnalysisRisk>& risks, std::string_view none_id,
                std::string_view heading_id) {
  if (risks.empty()) {
    c.say(none_id);
    return;
  }
  // Lines, not a table: each risk's recovery hint goes under it.
  c.say(heading_id);
  for (const auto& risk : risks) {
    c.line("  " + risk_line(c, risk));
    if (std::string hint = risk_hint(c, risk); !hint.empty()) c.line("         -> " + hint);
  }
}

void show_plan_risks(const Console& c, const artifacts::QuantPlan& p) {
  // What confirming accepts, the risks carried from the analysis included.
  if (p.risks.empty()) return;
  c.say("plan.table.risks");
  for (const auto& r : p.risks) c.line("  " + risk_line(c, r));
}

namespace {

// A recorded text in the reader's language: from its catalog id, its English words without one.
std::string text_of(const Console& c, const artifacts::PlanText& t) {
  if (t.id.empty()) return t.text.empty() ? "-" : t.text;
  std::vector<core::MessageArg> args;
  for (const auto& [name, value] : t.args) args.push_back({name, value});
  return c.t(t.id, args);
}

std::string listed(const std::vector<std::string>& names) { return names.empty() ? "-" : core::join(names); }

std::string or_dash(const std::optional<std::string>& v) { return v ? *v : "-"; }

// The plan as any release wrote it; a plan that does not read says so instead of its table.
std::optional<artifacts::QuantPlan> readable_plan(const Console& c, const core::Json& p) {
  auto plan = artifacts::read_quant_plan(p);
  if (!plan) {
    c.error_line(plan.error());
    return std::nullopt;
  }
  return std::move(*plan);
}

}  // namespace

void show_decision_table(const Console& c, const core::Json& p, bool with_risks) {
  c.say("cli.summary_plan_title");
  auto plan = readable_plan(c, p);
  if (!plan) return;
  Table t = Table::from_ids(c, {"cli.heading_decision", "cli.heading_choice", "cli.heading_reason"});
  // The plan's own decision table when it has one; otherwise the decisions read from its fields.
  if (!plan->decisions.empty()) {
    // Shown in the user's language from the catalog (plan.decision.<key>, the reason's id).
    for (const artifacts::DecisionRecord& d : plan->decisions) {
      std::string label = !d.key.empty() && core::catalog_has(core::Lang::en, "plan.decision." + d.key) ? c.t("plan.decision." + d.key)
                                                                                                        : (d.key.empty() ? "-" : d.key);
      t.add_row({label, d.value, text_of(c, d.reason)});
    }
  } else {
    t.add_row({c.t("cli.label_scheme"), plan->global_scheme.empty() ? "-" : plan->global_scheme, ""});
    t.add_row({c.t("cli.label_kv_cache"), or_dash(plan->kv_cache_scheme), ""});
    t.add_row({c.t("cli.label_algorithm"), or_dash(plan->algorithm), ""});
    t.add_row({c.t("cli.label_exclusions"), listed(plan->exclude_layers), ""});
    for (const auto& [pattern, scheme] : plan->layer_quant_config) t.add_row({c.t("cli.label_override") + " " + pattern, scheme, ""});
    t.add_row({c.t("cli.label_evaluation"), or_dash(plan->evaluation_intent), ""});
  }
  c.line(t.render());
  if (with_risks) show_plan_risks(c, *plan);
}

void show_alternatives(const Console& c, const core::Json& p) {
  auto plan = artifacts::read_quant_plan(p);
  if (!plan) return;  // show_decision_table, shown first, said why
  std::string line;
  for (const char* key : {"global_scheme", "kv_cache_scheme", "algorithm"}) {
    for (const artifacts::DecisionRecord& d : plan->decisions) {
      if (d.key != key || d.alternatives.empty()) continue;
      line += (line.empty() ? "" : "; ") + c.t(std::string("plan.decision.") + key) + ": " + core::join(d.alternatives);
    }
  }
  if (!line.empty()) c.say("cli.summary_alternatives", {{"alternatives", line}});
}

void show_analysis_risks(const Console& c, const artifacts::ModelAnalysis& a) {
  show_risks(c, a.risks, "cli.summary_no_risks", "cli.summary_risks");
}

namespace {

// A recorded text, "-" when empty; a list joined as brief() joins one.
std::string text_or_dash(const std::string& s) { return s.empty() ? "-" : s; }
std::string list_text(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return text_or_dash(out);
}

}  // namespace

void show_execution_summary(const Console& c, const core::Json& m) {
  c.say("cli.summary_execution_title");
  // The sections as recorded, a damaged one shown as absent: the summary is shown, not trusted
  // (the command digest decides what runs).
  auto read = artifacts::manifest_command(m);
  const std::optional<artifacts::Command> cmd = read ? *read : std::nullopt;
  const artifacts::PreparedSections sections = artifacts::prepared_sections_as_read(m);
  c.line("  " + (cmd && cmd->display ? *cmd->display : cmd ? list_text(cmd->argv) : "-"));
  c.line("");
  Table t = Table::from_ids(c, {"cli.heading_item", "cli.heading_value"});
  std::string env;
  if (cmd) {
    for (const auto& e : cmd->env_changes) env += (env.empty() ? "" : ", ") + text_or_dash(e.name) + "=" + text_or_dash(e.value);
  }
  add(t, c, "cli.label_env_changes", env);
  add(t, c, "cli.label_destination", sections.outputs ? text_or_dash(sections.outputs->output_dir) : "-");
  std::string estimate;
  if (const auto& e = sections.estimate) {
    const std::pair<const std::optional<artifacts::Number>*, const char*> figures[] = {{&e->gpu_memory_gib, "cli.unit_gpu_gib"},
                                                                                       {&e->host_memory_gib, "cli.unit_host_gib"},
                                                                                       {&e->disk_gib, "cli.unit_disk_gib"},
                                                                                       {&e->minutes, "cli.unit_minutes"}};
    for (const auto& [figure, unit] : figures) {
      // A CPU run's GPU figure is 0 by construction: not shown.
      if (figure == &e->gpu_memory_gib && e->runs_on_cpu.value_or(false)) continue;
      if (!*figure) continue;
      std::string value = figure == &e->minutes ? manifest::minutes_text(**figure) : manifest::gib_text(**figure);
      estimate += (estimate.empty() ? "" : c.t("cli.list_separator")) + c.t(unit, {{"value", value}});
    }
  }
  add(t, c, "cli.label_estimate", estimate);
  bool trusted = !cmd || std::find(cmd->argv.begin(), cmd->argv.end(), "--no_trust_remote_code") == cmd->argv.end();
  add(t, c, "cli.label_remote_code", c.t(trusted ? "cli.remote_code_trusted" : "cli.remote_code_not_trusted"));
  add(t, c, "cli.label_expected_outputs", sections.outputs ? list_text(sections.outputs->expected_files) : "-");
  add(t, c, "cli.label_digest", cmd ? text_or_dash(cmd->digest) : "-");
  c.line(t.render());
}

void show_execution_reason(const Console& c, const core::Json& m) {
  const artifacts::PreparedSections sections = artifacts::prepared_sections_as_read(m);
  // Manifests before model_source was recorded: a local model is an absolute path.
  bool local = false;
  if (sections.inputs) {
    local = !sections.inputs->model_source.empty() ? sections.inputs->model_is_local() : sections.inputs->model.rfind('/', 0) == 0;
  }
  c.say(workflow::execution_reason_id(local, sections.estimate && sections.estimate->runs_on_cpu.value_or(false)));
}

void show_result_summary(const Console& c, const core::Json& m) {
  c.say("cli.summary_result_title");
  Table t = Table::from_ids(c, {"cli.heading_item", "cli.heading_value"});
  const std::optional<artifacts::Result> result = artifacts::manifest_result_as_read(m);
  add(t, c, "cli.label_result_status", c.enum_text("result_status", result && !result->status.empty() ? result->status : "-"));
  const artifacts::PreparedSections sections = artifacts::prepared_sections_as_read(m);
  add(t, c, "cli.label_destination", sections.outputs ? text_or_dash(sections.outputs->output_dir) : "-");
  std::uint64_t bytes = 0;
  std::size_t count = 0;
  if (result) {
    for (const auto& f : result->files) {
      ++count;
      bytes += f.bytes;
    }
  }
  add(t, c, "cli.label_files", c.t("cli.files_count", {{"count", std::to_string(count)}, {"bytes", std::to_string(bytes)}}));
  if (const std::optional<artifacts::Evaluation> ev = artifacts::manifest_evaluation_as_read(m)) {
    // The evaluation beside the verification: checkpoint 4 is decided with both in view.
    const std::string& verdict = ev->verdict;
    std::string text = core::catalog_has(c.lang(), "evaluate.status_" + verdict) ? c.t("evaluate.status_" + verdict) : verdict;
    const std::string& id = ev->reason.id;
    std::string reason = !id.empty() && core::catalog_has(core::Lang::en, id) ? c.t(id, ev->reason.args) : ev->reason.text.value_or("");
    if (!reason.empty()) text += " - " + reason;
    add(t, c, "cli.label_evaluation", text);
    if (ev->quark_releases && ev->quark_releases->cross_release_load) {
      add(t, c, "cli.label_cross_release",
          c.t("cli.cross_release",
              {{"export", ev->quark_releases->exported.value_or("?")}, {"loader", ev->quark_releases->loader.value_or("?")}}));
    }
  }
  if (result) {
    // Each measurement under its name in the user's language (cli.metric.<key>).
    for (const auto& metric : result->metrics) {
      std::string id = "cli.metric." + metric.name;
      t.add_row({core::catalog_has(c.lang(), id) ? c.t(id) : metric.name, brief(&metric.value)});
    }
  }
  c.line(t.render());
}

}  // namespace cli
