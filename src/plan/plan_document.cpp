#include "plan/plan_document.h"

#include "core/version.h"

namespace plan {

namespace {

// "high" as the user reads it (messages/enum.*.json); the artifact keeps the English value.
std::string severity_text(core::Lang lang, const std::string& severity) {
  std::string id = "enum.severity." + severity;
  return core::catalog_has(lang, id) ? core::msg(lang, id) : severity;
}

core::Json text_json(const Text& t) {
  core::Json args = core::Json::object();
  for (const auto& a : t.args) {
    args[a.name] = a.value;
  }
  return {{"id", t.id}, {"args", args}, {"text", render(core::Lang::en, t)}};
}

core::Json list_or_empty(const std::vector<std::string>& v) {
  core::Json out = core::Json::array();
  for (const auto& s : v) {
    out.push_back(s);
  }
  return out;
}

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

core::Json plan_to_json(const Plan& p) {
  core::Json j = core::Json::object();
  j["artifact"] = "quant_plan";
  j["schema_version"] = 1;
  j["quark_ptq_version"] = std::string(core::tool_version());
  j["model"] = p.model;
  j["options"] = p.options;
  j["command"] = p.command;
  j["analysis_digest"] = p.analysis_digest;
  j["quark"] = p.quark;
  j["target"] = p.target;
  j["priority"] = p.priority;
  j["global_scheme"] = p.global_scheme;
  j["scheme_facts"] = p.scheme_facts;
  j["kv_cache_scheme"] = p.kv_cache_scheme.empty() ? core::Json(nullptr) : core::Json(p.kv_cache_scheme);
  core::Json lqc = core::Json::object();
  for (const auto& [pattern, scheme] : p.layer_quant_config) {
    lqc[pattern] = scheme;
  }
  j["layer_quant_config"] = lqc;
  j["exclude_layers"] = list_or_empty(p.exclude_layers);
  j["exclude_source"] = p.exclude_source;
  std::string algo;
  for (const auto& a : p.algorithms) {
    algo += (algo.empty() ? "" : ",") + a;
  }
  j["algorithm"] = algo.empty() ? core::Json(nullptr) : core::Json(algo);
  j["algorithms"] = list_or_empty(p.algorithms);
  j["calibration"] = p.calibration;
  j["evaluation_intent"] = p.evaluation_intent;
  if (!p.evaluation.is_null()) j["evaluation"] = p.evaluation;
  j["device_strategy"] = p.device_strategy;
  j["trust_remote_code"] = p.trust_remote_code;
  j["output_format"] = "hf_safetensors";
  j["template_file"] = p.template_file.empty() ? core::Json(nullptr) : core::Json(p.template_file);
  core::Json pats = core::Json::array();
  for (const auto& u : p.patterns) {
    core::Json e = {{"pattern", u.pattern}, {"kind", u.kind}, {"matches", u.matches}};
    if (!u.scheme.empty()) {
      e["scheme"] = u.scheme;
    }
    pats.push_back(e);
  }
  j["patterns"] = pats;
  const ModuleSummary& s = p.modules;
  j["modules"] = {{"inventory_known", s.inventory_known},
                  {"total", s.total},
                  {"quantized", s.quantized},
                  {"excluded", s.excluded},
                  {"quantized_by_role", s.quantized_by_role},
                  {"excluded_by_role", s.excluded_by_role},
                  {"quantized_list", list_or_empty(s.quantized_compact)},
                  {"excluded_list", list_or_empty(s.excluded_compact)},
                  {"source", s.source}};
  if (s.uncounted_prequantized > 0) {
    j["modules"]["uncounted_prequantized"] = {{"tensors", s.uncounted_prequantized},
                                              {"names", list_or_empty(s.uncounted_prequantized_names)}};
  }
  if (s.origin.oracle) {
    j["modules"]["oracle"] = {{"versions", s.origin.versions}};
  } else if (!s.origin.not_used.id.empty()) {
    j["modules"]["oracle_not_used"] = text_json(s.origin.not_used);
    j["modules"]["oracle_not_used"]["detail"] = s.origin.detail;
  }
  if (p.checkpoint_names) {
    core::Json renames = core::Json::array();
    for (const auto& [match, replace] : p.checkpoint_names->renames) renames.push_back({{"match", match}, {"replace", replace}});
    j["checkpoint_names"] = {{"source", "oracle"},
                             {"renames", renames},
                             {"non_linear_holders", list_or_empty(p.checkpoint_names->non_linear_holders)},
                             {"linear_modules", list_or_empty(p.checkpoint_names->linear_modules)}};
  }
  core::Json decisions = core::Json::array();
  for (const auto& d : p.decisions) {
    decisions.push_back({{"key", d.key},
                         {"value", d.value},
                         {"source", std::string(decision_source_name(d.source))},
                         {"reason", text_json(d.reason)},
                         {"alternatives", list_or_empty(d.alternatives)}});
  }
  j["decisions"] = decisions;
  core::Json risks = core::Json::array();
  for (const auto& r : p.risks) {
    core::Json t = text_json(r.text);
    core::Json risk = {{"severity", r.severity}, {"message", t["text"]}, {"id", r.text.id}, {"args", t["args"]}, {"origin", r.origin}};
    if (!r.hint.id.empty()) risk["hint"] = text_json(r.hint);
    risks.push_back(std::move(risk));
  }
  j["risks"] = risks;
  core::Json resolved = core::Json::array();
  for (const auto& r : p.resolved_risks) {
    resolved.push_back({{"decision", r.decision}, {"severity", r.severity}, {"risk", text_json(r.risk)}, {"how", text_json(r.how)}});
  }
  j["resolved_risks"] = resolved;
  j["requires_confirmation"] = true;
  return j;
}

core::Json comparison_to_json(const Comparison& c) {
  core::Json candidates = core::Json::array();
  for (const auto& k : c.candidates) {
    // Checkpoint 2 confirms the whole document: the top level's requires_confirmation speaks for
    // every candidate, and one of their own would stay true after the confirmation.
    core::Json plan = plan_to_json(k.plan);
    plan.erase("requires_confirmation");
    candidates.push_back({{"name", k.name},
                          {"asked", k.asked},
                          {"refit", k.refit.id.empty() ? core::Json(nullptr) : text_json(k.refit)},
                          {"plan", std::move(plan)}});
  }
  core::Json left_out = core::Json::array();
  for (const auto& l : c.left_out) left_out.push_back({{"scheme", l.scheme}, {"code", l.code}, {"reason", text_json(l.reason)}});
  return {{"mode", c.automatic ? "auto" : "named"}, {"max", c.max}, {"candidates", candidates}, {"left_out", left_out}};
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
