// QuantPlan::to_json: the one encoding of quant_plan.json. Keys are written in the order the
// artifact has always had (core::Json keeps insertion order), so that the same plan is byte
// for byte the same document and its digest, which checkpoint 2 binds, does not move.
#include "artifacts/quant_plan.h"

#include "artifacts/json_write.h"

#include <cmath>

namespace artifacts {

namespace {

core::Json pairs_json(const std::vector<std::pair<std::string, std::string>>& pairs) {
  core::Json out = core::Json::object();
  for (const auto& [name, value] : pairs) out[name] = value;
  return out;
}

core::Json format_json(const TensorFormatRecord& f) {
  return {{"format", f.format},
          {"bits", f.bits},
          {"granularity", f.granularity},
          {"group_size", or_null(f.group_size)},
          {"dynamic", f.dynamic}};
}

core::Json quark_json(const PlanQuark& q) {
  core::Json out = {{"version", q.version}, {"source", q.source}, {"verified", q.verified}};
  put_if(out, "knowledge_release", q.knowledge_release);
  out["python"] = or_null(q.python);
  out["quark_cli"] = or_null(q.quark_cli);
  put_if(out, "packages", q.packages);
  return out;
}

core::Json target_json(const PlanTarget& t) {
  core::Json out = {{"name", t.name}, {"arch", t.arch}, {"vendor", t.vendor}, {"source", t.source}};
  put_if(out, "memory_gib", t.memory_gib);
  put_if(out, "evidence", t.evidence);
  return out;
}

core::Json scheme_facts_json(const SchemeFactsRecord& s) {
  core::Json out = {{"family", s.family}};
  if (s.weight) out["weight"] = format_json(*s.weight);
  out["activation"] = s.activation ? format_json(*s.activation) : core::Json(nullptr);
  out["bytes_per_weight"] = s.bytes_per_weight;
  out["native_on"] = s.native_on;
  out["native_on_target"] = or_null(s.native_on_target);
  put_if(out, "knowledge_release", s.knowledge_release);
  return out;
}

core::Json values_json(const CalibrationValues& v) {
  core::Json out = core::Json::object();
  put_if(out, "dataset", v.dataset);
  put_if(out, "num_calib_data", v.num_calib_data);
  put_if(out, "seq_len", v.seq_len);
  put_if(out, "batch_size", v.batch_size);
  return out;
}

core::Json calibration_json(const PlanCalibration& c) {
  core::Json out = values_json(c.values);
  if (c.source) {
    out["source"] = {{"dataset", c.source->dataset},
                     {"num_calib_data", c.source->num_calib_data},
                     {"seq_len", c.source->seq_len},
                     {"batch_size", c.source->batch_size}};
  }
  if (c.cli_defaults) out["cli_defaults"] = values_json(*c.cli_defaults);
  return out;
}

core::Json modules_json(const PlanModules& m) {
  core::Json out = {{"inventory_known", m.inventory_known},
                    {"total", m.total},
                    {"quantized", m.quantized},
                    {"excluded", m.excluded},
                    {"quantized_by_role", m.quantized_by_role},
                    {"excluded_by_role", m.excluded_by_role},
                    {"quantized_list", m.quantized_list},
                    {"excluded_list", m.excluded_list}};
  put_if(out, "source", m.source);
  if (m.uncounted_prequantized) {
    out["uncounted_prequantized"] = {{"tensors", m.uncounted_prequantized->tensors}, {"names", m.uncounted_prequantized->names}};
  }
  if (m.oracle_versions) out["oracle"] = {{"versions", *m.oracle_versions}};
  if (m.oracle_not_used) {
    out["oracle_not_used"] = to_json(m.oracle_not_used->reason);
    out["oracle_not_used"]["detail"] = m.oracle_not_used->detail;
  }
  return out;
}

core::Json checkpoint_names_json(const CheckpointNamesRecord& n) {
  core::Json renames = core::Json::array();
  for (const auto& [match, replace] : n.renames) renames.push_back({{"match", match}, {"replace", replace}});
  return {{"source", n.source}, {"renames", renames}, {"non_linear_holders", n.non_linear_holders}, {"linear_modules", n.linear_modules}};
}

core::Json risk_json(const PlanRiskRecord& r) {
  core::Json out = {{"severity", r.severity}, {"message", r.message}};
  if (r.id) {
    out["id"] = *r.id;
    out["args"] = pairs_json(r.args);
  }
  put_if(out, "origin", r.origin);
  if (r.hint) out["hint"] = to_json(*r.hint);
  return out;
}

core::Json comparison_json(const PlanComparison& c) {
  core::Json candidates = core::Json::array();
  for (const PlanCandidate& k : c.candidates) {
    candidates.push_back(
        {{"name", k.name}, {"asked", k.asked}, {"refit", k.refit ? to_json(*k.refit) : core::Json(nullptr)}, {"plan", k.plan.to_json()}});
  }
  core::Json left_out = core::Json::array();
  for (const LeftOutRecord& l : c.left_out) left_out.push_back({{"scheme", l.scheme}, {"code", l.code}, {"reason", to_json(l.reason)}});
  return {{"mode", c.mode}, {"max", c.max}, {"candidates", candidates}, {"left_out", left_out}};
}

}  // namespace

core::Json to_json(const PlanText& text) { return {{"id", text.id}, {"args", pairs_json(text.args)}, {"text", text.text}}; }

core::Json to_json(const std::vector<PlanRiskRecord>& risks) {
  core::Json out = core::Json::array();
  for (const PlanRiskRecord& r : risks) out.push_back(risk_json(r));
  return out;
}

core::Json to_json(const PlanEvaluation& e) {
  core::Json out = core::Json::object();
  put_if(out, "intent", e.intent);
  put_if(out, "windows", e.windows);
  put_if(out, "seq_len", e.seq_len);
  put_if(out, "canary_tokens", e.canary_tokens);
  // The rules give budgets in whole seconds, and the plan has always recorded them as such.
  if (e.budget_seconds) {
    const double b = *e.budget_seconds;
    out["budget_seconds"] = std::trunc(b) == b && std::abs(b) < 9.0e15 ? core::Json(static_cast<std::int64_t>(b)) : core::Json(b);
  }
  put_if(out, "max_ppl_increase_pct", e.max_ppl_increase_pct);
  put_if(out, "z", e.z);
  out["text"] = or_null(e.text);
  return out;
}

core::Json QuantPlan::to_json() const {
  core::Json j = core::Json::object();
  j["artifact"] = artifact;
  j["schema_version"] = schema_version;
  put_if(j, "quark_ptq_version", quark_ptq_version);
  j["model"] = {{"model_type", model.model_type}, {"analysis_ref", model.analysis_ref}};
  put_if(j["model"], "model_path", model.model_path);
  if (!options.is_null()) j["options"] = options;
  put_if(j, "command", command);
  put_if(j, "analysis_digest", analysis_digest);
  if (quark) j["quark"] = quark_json(*quark);
  if (target) j["target"] = target_json(*target);
  put_if(j, "priority", priority);
  j["global_scheme"] = global_scheme;
  j["scheme_facts"] = scheme_facts ? scheme_facts_json(*scheme_facts) : core::Json(nullptr);
  j["kv_cache_scheme"] = or_null(kv_cache_scheme);
  j["layer_quant_config"] = pairs_json(layer_quant_config);
  j["exclude_layers"] = exclude_layers;
  put_if(j, "exclude_source", exclude_source);
  j["algorithm"] = or_null(algorithm);
  j["algorithms"] = algorithms;
  if (calibration) j["calibration"] = calibration_json(*calibration);
  put_if(j, "evaluation_intent", evaluation_intent);
  if (evaluation) j["evaluation"] = artifacts::to_json(*evaluation);
  put_if(j, "device_strategy", device_strategy);
  put_if(j, "multi_device", multi_device);
  put_if(j, "evaluation_dataset", evaluation_dataset);
  if (env_changes) {
    core::Json env = core::Json::array();
    for (const auto& [name, value] : *env_changes) env.push_back({{"name", name}, {"value", value}});
    j["env_changes"] = env;
  }
  put_if(j, "trust_remote_code", trust_remote_code);
  put_if(j, "output_format", output_format);
  j["template_file"] = or_null(template_file);
  core::Json pats = core::Json::array();
  for (const PatternRecord& u : patterns) {
    core::Json e = {{"pattern", u.pattern}, {"kind", u.kind}, {"matches", u.matches}};
    put_if(e, "scheme", u.scheme);
    pats.push_back(std::move(e));
  }
  j["patterns"] = pats;
  if (modules) j["modules"] = modules_json(*modules);
  if (checkpoint_names) j["checkpoint_names"] = checkpoint_names_json(*checkpoint_names);
  core::Json decided = core::Json::array();
  for (const DecisionRecord& d : decisions) {
    decided.push_back({{"key", d.key},
                       {"value", d.value},
                       {"source", d.source},
                       {"reason", artifacts::to_json(d.reason)},
                       {"alternatives", d.alternatives}});
  }
  j["decisions"] = decided;
  j["risks"] = artifacts::to_json(risks);
  core::Json resolved = core::Json::array();
  for (const ResolvedRiskRecord& r : resolved_risks) {
    resolved.push_back(
        {{"decision", r.decision}, {"severity", r.severity}, {"risk", artifacts::to_json(r.risk)}, {"how", artifacts::to_json(r.how)}});
  }
  j["resolved_risks"] = resolved;
  put_if(j, "requires_confirmation", requires_confirmation);
  if (comparison) j["comparison"] = comparison_json(*comparison);
  return j;
}

}  // namespace artifacts
