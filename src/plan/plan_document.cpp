#include "plan/plan_document.h"

#include "core/version.h"

namespace plan {

namespace {

// "high" as the user reads it (messages/enum.*.json); the artifact keeps the English value.
std::string severity_text(core::Lang lang, const std::string& severity) {
  std::string id = "enum.severity." + severity;
  return core::catalog_has(lang, id) ? core::msg(lang, id) : severity;
}

std::vector<std::pair<std::string, std::string>> args_of(const Text& t) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& a : t.args) out.emplace_back(a.name, a.value);
  return out;
}

// A catalog text as the artifact records it: the id, its arguments and the English text.
artifacts::PlanText record_of(const Text& t) { return {t.id, args_of(t), render(core::Lang::en, t)}; }

// At most `n` names, then "... (+k)".
std::string first_names(const std::vector<std::string>& v, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < v.size() && i < n; ++i) out += (i == 0 ? "" : ", ") + v[i];
  if (v.size() > n) out += ", ... (+" + std::to_string(v.size() - n) + ")";
  return out;
}

}  // namespace

std::string_view decision_source_name(DecisionSource s) {
  switch (s) {
    case DecisionSource::user:
      return "user";
    case DecisionSource::priority:
      return "priority";
    case DecisionSource::template_default:
      return "template_default";
    case DecisionSource::detected:
      return "detected";
    case DecisionSource::knowledge:
      return "knowledge";
    case DecisionSource::default_value:
      break;
  }
  return "default";
}

std::string render(core::Lang lang, const Text& t) { return core::msg(lang, t.id, t.args); }

namespace {

// Catalog ids built from a key: "plan.decision.<key>", "plan.source.<source>".
std::string label(core::Lang lang, std::string prefix, std::string_view key) { return core::msg(lang, prefix + std::string(key)); }

// One line: where the inventory came from, or why the model oracle was not used.
std::string inventory_line(core::Lang lang, const ModuleSummary& s) {
  if (s.origin.oracle) {
    auto version = [&s](const char* k) {
      auto it = s.origin.versions.find(k);
      return it == s.origin.versions.end() ? std::string("?") : it->second;
    };
    return core::msg(lang, "plan.table.inventory_oracle", {{"transformers", version("transformers")}, {"quark", version("amd-quark")}});
  }
  std::string reason = s.origin.not_used.id.empty() ? std::string("-") : render(lang, s.origin.not_used);
  if (!s.origin.detail.empty()) reason += " (" + s.origin.detail + ")";
  return core::msg(lang, "plan.table.inventory_fallback", {{"source", s.source}, {"reason", reason}});
}

}  // namespace

artifacts::QuantPlan plan_record(const Plan& p) {
  artifacts::QuantPlan r;
  r.quark_ptq_version = std::string(core::tool_version());
  r.model = p.model;
  r.options = p.options;
  r.command = p.command;
  r.analysis_digest = p.analysis_digest;
  r.quark = p.quark;
  r.target = p.target;
  r.priority = p.priority;
  r.global_scheme = p.global_scheme;
  r.scheme_facts = p.scheme_facts;
  if (!p.kv_cache_scheme.empty()) r.kv_cache_scheme = p.kv_cache_scheme;
  r.layer_quant_config = p.layer_quant_config;
  r.exclude_layers = p.exclude_layers;
  r.exclude_source = p.exclude_source;
  std::string algo;
  for (const auto& a : p.algorithms) {
    algo += (algo.empty() ? "" : ",") + a;
  }
  if (!algo.empty()) r.algorithm = algo;
  r.algorithms = p.algorithms;
  r.calibration = p.calibration;
  r.evaluation_intent = p.evaluation_intent;
  r.evaluation = p.evaluation;
  r.device_strategy = p.device_strategy;
  r.trust_remote_code = p.trust_remote_code;
  r.output_format = "hf_safetensors";
  if (!p.template_file.empty()) r.template_file = p.template_file;
  for (const auto& u : p.patterns) {
    r.patterns.push_back({u.pattern, u.kind, u.matches, u.scheme.empty() ? std::nullopt : std::optional<std::string>(u.scheme)});
  }
  const ModuleSummary& s = p.modules;
  artifacts::PlanModules& m = r.modules.emplace();
  m.inventory_known = s.inventory_known;
  m.total = s.total;
  m.quantized = s.quantized;
  m.excluded = s.excluded;
  m.quantized_by_role.insert(s.quantized_by_role.begin(), s.quantized_by_role.end());
  m.excluded_by_role.insert(s.excluded_by_role.begin(), s.excluded_by_role.end());
  m.quantized_list = s.quantized_compact;
  m.excluded_list = s.excluded_compact;
  m.source = s.source;
  if (s.uncounted_prequantized > 0) {
    m.uncounted_prequantized =
        artifacts::UncountedPrequantized{static_cast<std::int64_t>(s.uncounted_prequantized), s.uncounted_prequantized_names};
  }
  if (s.origin.oracle) {
    m.oracle_versions = s.origin.versions;
  } else if (!s.origin.not_used.id.empty()) {
    m.oracle_not_used = artifacts::OracleNotUsed{record_of(s.origin.not_used), s.origin.detail};
  }
  if (p.checkpoint_names) {
    r.checkpoint_names = artifacts::CheckpointNamesRecord{"oracle", p.checkpoint_names->renames, p.checkpoint_names->non_linear_holders,
                                                          p.checkpoint_names->linear_modules};
  }
  for (const auto& d : p.decisions) {
    r.decisions.push_back({d.key, d.value, std::string(decision_source_name(d.source)), record_of(d.reason), d.alternatives});
  }
  for (const auto& k : p.risks) {
    artifacts::PlanRiskRecord risk{k.severity, render(core::Lang::en, k.text), k.text.id, args_of(k.text), k.origin, std::nullopt};
    if (!k.hint.id.empty()) risk.hint = record_of(k.hint);
    r.risks.push_back(std::move(risk));
  }
  for (const auto& k : p.resolved_risks) r.resolved_risks.push_back({k.decision, k.severity, record_of(k.risk), record_of(k.how)});
  r.requires_confirmation = true;
  return r;
}

core::Json plan_to_json(const Plan& p) { return plan_record(p).to_json(); }

artifacts::PlanComparison comparison_record(const Comparison& c) {
  artifacts::PlanComparison out{c.automatic ? "auto" : "named", c.max, {}, {}};
  for (const auto& k : c.candidates) {
    // Checkpoint 2 confirms the whole document: the top level's requires_confirmation speaks for
    // every candidate, and one of their own would stay true after the confirmation.
    artifacts::QuantPlan plan = plan_record(k.plan);
    plan.requires_confirmation.reset();
    out.candidates.push_back({k.name, k.asked, k.refit.id.empty() ? std::nullopt : std::optional(record_of(k.refit)), std::move(plan)});
  }
  for (const auto& l : c.left_out) out.left_out.push_back({l.scheme, l.code, record_of(l.reason)});
  return out;
}

std::vector<std::string> decision_table(core::Lang lang, const Plan& p) {
  std::vector<std::string> out;
  out.push_back(core::msg(lang, "plan.table.heading"));
  for (const auto& d : p.decisions) {
    out.push_back("  " + label(lang, "plan.decision.", d.key) + ": " + d.value + "  [" +
                  label(lang, "plan.source.", decision_source_name(d.source)) + "]");
    out.push_back("      " + core::msg(lang, "plan.table.why") + ": " + render(lang, d.reason));
    if (!d.alternatives.empty()) {
      std::string alts;
      for (const auto& a : d.alternatives) {
        alts += (alts.empty() ? "" : ", ") + a;
      }
      out.push_back("      " + core::msg(lang, "plan.table.alternatives") + ": " + alts);
    }
    for (const auto& r : p.resolved_risks) {
      if (r.decision != d.key) continue;
      out.push_back(
          "      " +
          core::msg(lang, "plan.table.resolves",
                    {{"severity", severity_text(lang, r.severity)}, {"risk", render(lang, r.risk)}, {"how", render(lang, r.how)}}));
    }
  }
  for (auto& line : module_lines(lang, p)) out.push_back(std::move(line));
  return out;
}

std::vector<std::string> module_lines(core::Lang lang, const Plan& p) {
  std::vector<std::string> out;
  const ModuleSummary& s = p.modules;
  if (s.inventory_known) {
    out.push_back(core::msg(
        lang, "plan.table.modules",
        {{"quantized", std::to_string(s.quantized)}, {"total", std::to_string(s.total)}, {"excluded", std::to_string(s.excluded)}}));
    for (const auto& [role, n] : s.quantized_by_role) {
      out.push_back("  + " + role + ": " + std::to_string(n));
    }
    for (const auto& [role, n] : s.excluded_by_role) {
      out.push_back("  - " + role + ": " + std::to_string(n));
    }
  }
  if (s.uncounted_prequantized > 0) {
    out.push_back(
        core::msg(lang, "plan.table.uncounted_prequantized",
                  {{"count", std::to_string(s.uncounted_prequantized)}, {"names", first_names(s.uncounted_prequantized_names, 4)}}));
  }
  out.push_back(inventory_line(lang, s));
  for (const auto& u : p.patterns) {
    out.push_back(core::msg(lang, "plan.table.pattern", {{"kind", u.kind}, {"pattern", u.pattern}, {"count", std::to_string(u.matches)}}));
  }
  return out;
}

std::vector<std::string> risk_table(core::Lang lang, const Plan& p) {
  std::vector<std::string> out;
  if (p.risks.empty()) return out;
  out.push_back(core::msg(lang, "plan.table.risks"));
  for (const auto& r : p.risks) {
    std::string from = r.origin == "analysis" ? core::msg(lang, "plan.table.from_analysis") + " " : "";
    out.push_back("  [" + severity_text(lang, r.severity) + "] " + from + render(lang, r.text));
    if (!r.hint.id.empty()) out.push_back("         -> " + render(lang, r.hint));
  }
  return out;
}

}  // namespace plan
