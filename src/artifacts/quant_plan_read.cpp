// QuantPlan::from_json: each field of quant_plan.json by its one name, through Fields (absent
// or null is unset, another type is the first error).
#include "artifacts/quant_plan.h"

#include "artifacts/fields.h"

namespace artifacts {

namespace {

std::string item(const std::string& list, std::size_t i) { return list + "/" + std::to_string(i); }

// An object of strings (a text's args, layer_quant_config), in the order it was written.
std::vector<std::pair<std::string, std::string>> pairs_of(Fields& f, std::string_view key, std::string* error) {
  std::vector<std::pair<std::string, std::string>> out;
  const core::Json* object = f.object(key);
  if (object == nullptr) return out;
  Fields values(*object, f.path(key), error);
  for (const auto& [name, value] : object->items()) {
    if (auto text = values.text(name)) out.emplace_back(name, *text);
  }
  return out;
}

template <typename Number>
std::map<std::string, Number> map_of(Fields& f, std::string_view key, std::string* error);

template <>
std::map<std::string, std::string> map_of(Fields& f, std::string_view key, std::string* error) {
  std::map<std::string, std::string> out;
  for (auto& [name, value] : pairs_of(f, key, error)) out[name] = std::move(value);
  return out;
}

template <>
std::map<std::string, std::int64_t> map_of(Fields& f, std::string_view key, std::string* error) {
  std::map<std::string, std::int64_t> out;
  const core::Json* object = f.object(key);
  if (object == nullptr) return out;
  Fields values(*object, f.path(key), error);
  for (const auto& [name, value] : object->items()) {
    if (auto n = values.integer(name)) out[name] = *n;
  }
  return out;
}

PlanText text_of(const core::Json& j, const std::string& at, std::string* error) {
  Fields f(j, at, error);
  PlanText t;
  t.id = f.text("id").value_or("");
  t.args = pairs_of(f, "args", error);
  t.text = f.text("text").value_or("");
  return t;
}

std::optional<PlanText> text_at(Fields& f, std::string_view key, std::string* error) {
  const core::Json* j = f.object(key);
  if (j == nullptr) return std::nullopt;
  return text_of(*j, f.path(key), error);
}

PlanModel model_of(const core::Json& j, std::string* error) {
  Fields f(j, "model", error);
  return {f.text("model_type").value_or(""), f.text("analysis_ref").value_or(""), f.text("model_path")};
}

PlanQuark quark_of(const core::Json& j, std::string* error) {
  Fields f(j, "quark", error);
  PlanQuark q;
  q.version = f.text("version").value_or("");
  q.source = f.text("source").value_or("");
  q.verified = f.flag("verified").value_or(false);
  q.knowledge_release = f.text("knowledge_release");
  q.python = f.text("python");
  q.quark_cli = f.text("quark_cli");
  if (f.object("packages") != nullptr) q.packages = map_of<std::string>(f, "packages", error);
  return q;
}

PlanTarget target_of(const core::Json& j, std::string* error) {
  Fields f(j, "target", error);
  return {f.text("name").value_or(""),   f.text("arch").value_or(""), f.text("vendor").value_or(""),
          f.text("source").value_or(""), f.number("memory_gib"),      f.text("evidence")};
}

std::optional<TensorFormatRecord> format_of(Fields& facts, std::string_view key, std::string* error) {
  const core::Json* j = facts.object(key);
  if (j == nullptr) return std::nullopt;
  Fields f(*j, facts.path(key), error);
  return TensorFormatRecord{f.text("format").value_or(""), f.integer("bits").value_or(0), f.text("granularity").value_or(""),
                            f.integer("group_size"), f.flag("dynamic").value_or(false)};
}

SchemeFactsRecord scheme_facts_of(const core::Json& j, std::string* error) {
  Fields f(j, "scheme_facts", error);
  SchemeFactsRecord s;
  s.family = f.text("family").value_or("");
  s.weight = format_of(f, "weight", error);
  s.activation = format_of(f, "activation", error);
  s.bytes_per_weight = f.number("bytes_per_weight").value_or(0);
  s.native_on = f.texts("native_on");
  s.native_on_target = f.flag("native_on_target");
  s.knowledge_release = f.text("knowledge_release");
  return s;
}

CalibrationValues calibration_values(Fields& f) {
  return {f.text("dataset"), f.integer("num_calib_data"), f.integer("seq_len"), f.integer("batch_size")};
}

PlanCalibration calibration_of(const core::Json& j, std::string* error) {
  Fields f(j, "calibration", error);
  PlanCalibration c;
  c.values = calibration_values(f);
  if (const core::Json* s = f.object("source")) {
    Fields sf(*s, f.path("source"), error);
    c.source = CalibrationSources{sf.text("dataset").value_or(""), sf.text("num_calib_data").value_or(""), sf.text("seq_len").value_or(""),
                                  sf.text("batch_size").value_or("")};
  }
  if (const core::Json* d = f.object("cli_defaults")) {
    Fields df(*d, f.path("cli_defaults"), error);
    c.cli_defaults = calibration_values(df);
  }
  return c;
}

PlanEvaluation evaluation_of(const core::Json& j, const std::string& at, std::string* error) {
  Fields f(j, at, error);
  PlanEvaluation e;
  e.intent = f.text("intent");
  e.windows = f.integer("windows");
  e.seq_len = f.integer("seq_len");
  e.canary_tokens = f.integer("canary_tokens");
  e.budget_seconds = f.number("budget_seconds");
  e.max_ppl_increase_pct = f.number("max_ppl_increase_pct");
  e.z = f.number("z");
  e.text = f.text("text");
  return e;
}

std::vector<PatternRecord> patterns_of(Fields& top, std::string* error) {
  std::vector<PatternRecord> out;
  const core::Json* list = top.array("patterns");
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    Fields f((*list)[i], item("patterns", i), error);
    out.push_back({f.text("pattern").value_or(""), f.text("kind").value_or(""), f.integer("matches").value_or(0), f.text("scheme")});
  }
  return out;
}

PlanModules modules_of(const core::Json& j, std::string* error) {
  Fields f(j, "modules", error);
  PlanModules m;
  m.inventory_known = f.flag("inventory_known").value_or(false);
  m.total = f.integer("total").value_or(0);
  m.quantized = f.integer("quantized").value_or(0);
  m.excluded = f.integer("excluded").value_or(0);
  m.quantized_by_role = map_of<std::int64_t>(f, "quantized_by_role", error);
  m.excluded_by_role = map_of<std::int64_t>(f, "excluded_by_role", error);
  m.quantized_list = f.texts("quantized_list");
  m.excluded_list = f.texts("excluded_list");
  m.source = f.text("source");
  if (const core::Json* u = f.object("uncounted_prequantized")) {
    Fields uf(*u, f.path("uncounted_prequantized"), error);
    m.uncounted_prequantized = UncountedPrequantized{uf.integer("tensors").value_or(0), uf.texts("names")};
  }
  if (const core::Json* o = f.object("oracle")) {
    Fields of(*o, f.path("oracle"), error);
    m.oracle_versions = map_of<std::string>(of, "versions", error);
  }
  if (const core::Json* n = f.object("oracle_not_used")) {
    Fields nf(*n, f.path("oracle_not_used"), error);
    m.oracle_not_used = OracleNotUsed{text_of(*n, f.path("oracle_not_used"), error), nf.text("detail").value_or("")};
  }
  return m;
}

CheckpointNamesRecord checkpoint_names_of(const core::Json& j, std::string* error) {
  Fields f(j, "checkpoint_names", error);
  CheckpointNamesRecord n;
  n.source = f.text("source").value_or("");
  if (const core::Json* renames = f.array("renames")) {
    for (std::size_t i = 0; i < renames->size(); ++i) {
      // A rename is both or nothing: one without its replacement would rename to "" unseen.
      const std::string at = item(f.path("renames"), i);
      Fields r((*renames)[i], at, error);
      auto match = r.text("match");
      auto replace = r.text("replace");
      if ((!match || !replace) && error->empty()) *error = at + (match ? "/replace" : "/match") + " is not a string";
      n.renames.emplace_back(match.value_or(""), replace.value_or(""));
    }
  }
  n.non_linear_holders = f.texts("non_linear_holders");
  n.linear_modules = f.texts("linear_modules");
  return n;
}

std::vector<DecisionRecord> decisions_of(Fields& top, std::string* error) {
  std::vector<DecisionRecord> out;
  const core::Json* list = top.array("decisions");
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    Fields f((*list)[i], item("decisions", i), error);
    DecisionRecord d;
    d.key = f.text("key").value_or("");
    d.value = f.text("value").value_or("");
    d.source = f.text("source").value_or("");
    d.reason = text_at(f, "reason", error).value_or(PlanText{});
    d.alternatives = f.texts("alternatives");
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<PlanRiskRecord> risks_of(Fields& top, std::string* error) {
  std::vector<PlanRiskRecord> out;
  const core::Json* list = top.array("risks");
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    Fields f((*list)[i], item("risks", i), error);
    PlanRiskRecord r;
    r.severity = f.text("severity").value_or("");
    r.message = f.text("message").value_or("");
    r.id = f.text("id");
    r.args = pairs_of(f, "args", error);
    r.origin = f.text("origin");
    r.hint = text_at(f, "hint", error);
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<ResolvedRiskRecord> resolved_of(Fields& top, std::string* error) {
  std::vector<ResolvedRiskRecord> out;
  const core::Json* list = top.array("resolved_risks");
  if (list == nullptr) return out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    Fields f((*list)[i], item("resolved_risks", i), error);
    out.push_back({f.text("decision").value_or(""), f.text("severity").value_or(""), text_at(f, "risk", error).value_or(PlanText{}),
                   text_at(f, "how", error).value_or(PlanText{})});
  }
  return out;
}

QuantPlan plan_of(const core::Json& doc, const std::string& at, std::string* error);

PlanComparison comparison_of(const core::Json& j, std::string* error) {
  Fields f(j, "comparison", error);
  PlanComparison c;
  c.mode = f.text("mode").value_or("");
  c.max = f.integer("max").value_or(0);
  if (const core::Json* list = f.array("candidates")) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string at = item(f.path("candidates"), i);
      Fields k((*list)[i], at, error);
      PlanCandidate candidate;
      candidate.name = k.text("name").value_or("");
      candidate.asked = k.text("asked").value_or("");
      candidate.refit = text_at(k, "refit", error);
      if (const core::Json* plan = k.object("plan")) candidate.plan = plan_of(*plan, k.path("plan"), error);
      c.candidates.push_back(std::move(candidate));
    }
  }
  if (const core::Json* list = f.array("left_out")) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      Fields l((*list)[i], item(f.path("left_out"), i), error);
      c.left_out.push_back({l.text("scheme").value_or(""), l.text("code").value_or(""), text_at(l, "reason", error).value_or(PlanText{})});
    }
  }
  return c;
}

// A candidate's plan is a whole plan document: its fields are read as the top level's, their
// paths under the candidate ("comparison/candidates/1/plan/global_scheme").
QuantPlan plan_of(const core::Json& doc, const std::string& at, std::string* error) {
  // The sections' readers name their fields from the top; a candidate's error is prefixed below.
  std::string own;
  Fields top(doc, "", &own);
  QuantPlan p;
  p.artifact = top.text("artifact").value_or("quant_plan");
  p.schema_version = top.integer("schema_version").value_or(1);
  p.quark_ptq_version = top.text("quark_ptq_version");
  if (const core::Json* m = top.object("model")) p.model = model_of(*m, &own);
  if (const core::Json* o = top.object("options")) p.options = *o;
  p.command = top.text("command");
  p.analysis_digest = top.text("analysis_digest");
  if (const core::Json* q = top.object("quark")) p.quark = quark_of(*q, &own);
  if (const core::Json* t = top.object("target")) p.target = target_of(*t, &own);
  p.priority = top.text("priority");
  p.global_scheme = top.text("global_scheme").value_or("");
  if (const core::Json* s = top.object("scheme_facts")) p.scheme_facts = scheme_facts_of(*s, &own);
  p.kv_cache_scheme = top.text("kv_cache_scheme");
  p.layer_quant_config = pairs_of(top, "layer_quant_config", &own);
  p.exclude_layers = top.texts("exclude_layers");
  p.exclude_source = top.text("exclude_source");
  p.algorithm = top.text("algorithm");
  p.algorithms = top.texts("algorithms");
  if (const core::Json* c = top.object("calibration")) p.calibration = calibration_of(*c, &own);
  p.evaluation_intent = top.text("evaluation_intent");
  if (const core::Json* e = top.object("evaluation")) p.evaluation = evaluation_of(*e, "evaluation", &own);
  p.device_strategy = top.text("device_strategy");
  p.multi_device = top.flag("multi_device");
  p.evaluation_dataset = top.text("evaluation_dataset");
  if (const core::Json* env = top.array("env_changes")) {
    p.env_changes.emplace();
    for (std::size_t i = 0; i < env->size(); ++i) {
      Fields e((*env)[i], item("env_changes", i), &own);
      p.env_changes->emplace_back(e.text("name").value_or(""), e.text("value").value_or(""));
    }
  }
  p.trust_remote_code = top.flag("trust_remote_code");
  p.output_format = top.text("output_format");
  p.template_file = top.text("template_file");
  p.patterns = patterns_of(top, &own);
  if (const core::Json* m = top.object("modules")) p.modules = modules_of(*m, &own);
  if (const core::Json* n = top.object("checkpoint_names")) p.checkpoint_names = checkpoint_names_of(*n, &own);
  p.decisions = decisions_of(top, &own);
  p.risks = risks_of(top, &own);
  p.resolved_risks = resolved_of(top, &own);
  p.requires_confirmation = top.flag("requires_confirmation");
  if (const core::Json* c = top.object("comparison")) p.comparison = comparison_of(*c, &own);
  if (!own.empty() && error->empty()) *error = at.empty() ? own : at + "/" + own;
  return p;
}

}  // namespace

PlanEvaluation plan_evaluation_of(const core::Json& section, const std::string& at, std::string* error) {
  return evaluation_of(section, at, error);
}

bool PlanComparison::operator==(const PlanComparison&) const = default;

core::Result<QuantPlan> QuantPlan::from_json(const core::Json& doc) {
  std::string error;
  QuantPlan p = plan_of(doc, "", &error);
  if (!error.empty()) return core::fail(field_invalid("quant_plan.json", error));
  return p;
}

}  // namespace artifacts
