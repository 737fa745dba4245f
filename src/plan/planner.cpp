#include "plan/planner.h"

#include <algorithm>

#include "core/messages.h"
#include "plan/cpu_route.h"
#include "options/option_table.h"
#include "plan/planner_steps.h"
#include "plan/rules.h"
#include "plan/suggest.h"
#include "plan/template_file.h"

namespace plan {

namespace detail {

Text txt(std::string id, std::vector<core::MessageArg> args) { return Text{std::move(id), std::move(args)}; }

void add_risk(Plan& p, std::string severity, Text t) {
  Risk r;
  r.severity = std::move(severity);
  r.text = std::move(t);
  p.risks.push_back(std::move(r));
}

void add_problem(Plan& p, std::string code, Text what, Text fix) {
  p.problems.push_back(Problem{std::move(code), std::move(what), std::move(fix), PlanChange{}});
}

std::string join_some(const std::vector<std::string>& v, std::size_t n) {
  if (v.empty()) {
    return "-";
  }
  if (v.size() <= n) {
    return join(v);
  }
  std::vector<std::string> head(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n));
  return join(head) + ", ... (+" + std::to_string(v.size() - n) + ")";
}

TemplateView template_view(const PlanInputs& in, const std::string& model_type) {
  TemplateView tv;
  const Capabilities& caps = *in.caps;
  if (!in.template_file.empty()) {
    tv.exists = true;
    tv.known = true;
    tv.origin = "template_file";
    const TemplateFileFacts file = template_file_facts(in.template_doc);
    tv.exclude_defaults = file.exclude_layers;
    tv.kv_layers = file.kv_layers;
    tv.kv_layers_known = true;
    return tv;
  }
  if (caps.templates_known) {
    tv.known = true;
    tv.exists = caps.has_template(model_type);
    tv.origin = caps.source == CapabilitySource::installed ? "installed" : "shipped";
    if (const TemplateFacts* t = caps.template_for(model_type)) {
      tv.exclude_defaults = t->exclude_layers_name;
      tv.kv_layers = t->kv_layers_name;
      tv.kv_layers_known = true;
    }
    return tv;
  }
  // No template list at hand: fall back to what intake recorded.
  tv.origin = "analysis";
  tv.exclude_defaults = in.analysis->quantization_targets.exclude_defaults;
  if (const auto& t = in.analysis->template_info) {
    if (t->available) {
      tv.known = true;
      tv.exists = *t->available;
    }
    tv.kv_layers_known = t->kv_layers_name.has_value();
    tv.kv_layers = t->kv_layers_name.value_or(std::vector<std::string>{});
  }
  if (!tv.known) {
    tv.exists = !tv.exclude_defaults.empty();
  }
  return tv;
}

}  // namespace detail

namespace {

using namespace detail;

void note_quark(const PlanInputs& in, Plan& p) {
  const Capabilities& caps = *in.caps;
  bool installed = caps.source == CapabilitySource::installed;
  p.quark = artifacts::PlanQuark{caps.quark_version,
                                 installed ? "installed" : "shipped_knowledge",
                                 caps.verified,
                                 caps.release,
                                 installed ? std::optional<std::string>(caps.python) : std::nullopt,
                                 installed && !caps.quark_cli.empty() ? std::optional<std::string>(caps.quark_cli) : std::nullopt,
                                 std::nullopt};
  if (installed) {
    p.quark.packages = caps.versions;
  }
  if (!caps.verified) {
    add_risk(p, "high", txt(installed ? "plan.risk.probe_incomplete" : "plan.risk.unverified", {{"version", caps.quark_version}}));
  }
  if (!caps.release_exact) {
    add_risk(p, "medium", txt("plan.risk.release_inexact", {{"version", caps.quark_version}, {"release", caps.release}}));
  }
  if (installed && !in.options.quark_version.empty()) {
    auto want = in.options.quark_version;
    if (caps.quark_version.rfind(want, 0) != 0) {
      add_risk(p, "medium", txt("plan.risk.version_mismatch", {{"asked", want}, {"installed", caps.quark_version}}));
    }
  }
}

void note_target(const PlanInputs& in, Plan& p) {
  const Target& t = in.target;
  p.target = artifacts::PlanTarget{t.name, t.arch, t.vendor, std::string(target_source_name(t.source)), t.memory_gib, std::nullopt};
  if (!t.evidence.empty()) {
    p.target.evidence = t.evidence;
  }
  Decision d{"target", t.name, DecisionSource::detected, {}, {}};
  if (t.source == TargetSource::option) {
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.target_option", {{"target", t.name}, {"arch", t.arch}});
  } else if (t.source == TargetSource::detected) {
    d.reason = txt("plan.reason.target_detected", {{"target", t.name}, {"evidence", t.evidence}});
  } else {
    d.source = DecisionSource::knowledge;
    d.reason =
        t.tools_tried.empty() ? txt("plan.reason.target_no_tool") : txt("plan.reason.target_unrecognised", {{"tools", t.tools_tried}});
    add_risk(p, "medium", txt("plan.risk.target_unknown", {{"targets", join(target_names())}}));
  }
  for (const auto& n : target_names()) {
    if (n != t.name) {
      d.alternatives.push_back(n);
    }
  }
  p.decisions.push_back(std::move(d));
}

// Unknown scheme: renamed in 0.11, or a typo.
Text unknown_scheme_fix(const Capabilities& caps, const std::string& scheme) {
  auto renamed = caps.renames.renamed_scheme(scheme);
  if (!renamed.empty()) {
    return txt("plan.fix.scheme_renamed", {{"scheme", scheme}, {"names", join(renamed)}});
  }
  if (auto near = closest_name(scheme, caps.schemes)) {
    return txt("plan.fix.did_you_mean", {{"name", *near}});
  }
  return txt("plan.fix.pick_scheme", {{"schemes", join(caps.schemes)}});
}

void note_native(const PlanInputs& in, Plan& p, const std::string& scheme) {
  const knowledge::Scheme* s = in.caps->scheme_facts.find(scheme);
  if (s == nullptr || in.target.arch == "unknown") {
    return;
  }
  if (s->weight_only() && s->native_on.empty()) {
    // No accelerator computes in these formats: serving kernels dequantize the weights, so
    // speed depends on the inference runtime, not on the GPU.
    add_risk(p, "low", txt("plan.risk.weight_only_serving", {{"scheme", scheme}, {"target", in.target.name}}));
    return;
  }
  if (!s->native(in.target.arch)) {
    // The CPU target is its own architecture: "cpu (cpu)" would say it twice.
    if (in.target.name == in.target.arch) {
      add_risk(p, "medium",
               txt("plan.risk.emulated_cpu", {{"scheme", scheme}, {"target", in.target.name}, {"native_on", join(s->native_on)}}));
    } else {
      add_risk(p, "medium",
               txt("plan.risk.emulated",
                   {{"scheme", scheme}, {"target", in.target.name}, {"arch", in.target.arch}, {"native_on", join(s->native_on)}}));
    }
  }
}

artifacts::TensorFormatRecord format_record(const knowledge::TensorFormat& f) {
  return {f.format, f.bits, f.granularity, f.group_size ? std::optional<std::int64_t>(*f.group_size) : std::nullopt, f.dynamic};
}

// What the estimator and the verifier need to know about the chosen scheme.
std::optional<artifacts::SchemeFactsRecord> scheme_facts_of(const Capabilities& caps, const std::string& scheme, const std::string& arch) {
  const knowledge::Scheme* s = caps.scheme_facts.find(scheme);
  if (s == nullptr) {
    return std::nullopt;
  }
  return artifacts::SchemeFactsRecord{s->family,
                                      format_record(s->weight),
                                      s->activation ? std::optional(format_record(*s->activation)) : std::nullopt,
                                      s->bytes_per_weight,
                                      s->native_on,
                                      arch == "unknown" ? std::nullopt : std::optional<bool>(s->native(arch)),
                                      caps.release};
}

void decide_scheme(const PlanInputs& in, const TemplateView& tv, Plan& p) {
  const Capabilities& caps = *in.caps;
  const std::string arch = in.target.arch;
  const knowledge::PlanRules& rules = plan_rules();
  auto prefs = knowledge::PlanRules::preferences(rules.scheme_preferences, in.options.priority, arch);
  if (prefs.empty()) {
    prefs = knowledge::PlanRules::preferences(rules.scheme_preferences, in.options.priority, "unknown");
  }
  Decision d{"global_scheme", "", DecisionSource::priority, {}, {}};
  if (!in.options.scheme.empty()) {
    d.value = in.options.scheme;
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.scheme_user", {{"scheme", d.value}});
    if (!caps.supports_scheme(d.value)) {
      add_problem(p, "unknown_scheme", txt("plan.problem.unknown_scheme", {{"scheme", d.value}, {"version", caps.quark_version}}),
                  unknown_scheme_fix(caps, d.value));
    }
  } else {
    // The first preference that passes the shape checks; one that would fail on a layer gives
    // way to its own format with a group that divides (int4_wo_128 -> int4_wo_64), else to the
    // next preference. Never a plan the checks below would refuse, unless nothing passes.
    std::string refit_from;
    std::string first_supported;
    for (const auto& c : prefs) {
      if (!caps.supports_scheme(c)) continue;
      if (first_supported.empty()) first_supported = c;
      if (scheme_fits(in, tv, c)) {
        d.value = c;
        break;
      }
      auto r = refits(in, tv, c);
      if (!r.empty()) {
        d.value = r.front();
        refit_from = c;
        break;
      }
      if (refit_from.empty()) refit_from = c;
    }
    if (d.value.empty()) {
      d.value = first_supported.empty() ? "fp8" : first_supported;
      refit_from.clear();
    }
    const knowledge::Scheme* s = caps.scheme_facts.find(d.value);
    std::string bytes = s == nullptr ? "?" : std::to_string(s->bytes_per_weight).substr(0, 5);
    std::uint64_t group = 0;
    std::optional<Misfit> why = refit_from.empty() ? std::nullopt : first_misfit(in, tv, refit_from, &group);
    if (why) {
      d.reason = txt("plan.reason.scheme_priority_refit", {{"scheme", d.value},
                                                           {"priority", in.options.priority},
                                                           {"target", in.target.name},
                                                           {"first", refit_from},
                                                           {"layer", why->module},
                                                           {"in_features", std::to_string(why->in_features)},
                                                           {"group", std::to_string(group)}});
    } else {
      d.reason = txt("plan.reason.scheme_priority",
                     {{"scheme", d.value}, {"priority", in.options.priority}, {"target", in.target.name}, {"bytes", bytes}});
    }
  }
  // Only what would pass is offered: a scheme whose group divides no layer is offered as the
  // regrouping the planner would make of it, or not at all.
  auto offer = [&](const std::string& c) -> std::optional<std::string> {
    if (!caps.supports_scheme(c)) return std::nullopt;
    std::string fit = c;
    if (!scheme_fits(in, tv, c)) {
      auto r = refits(in, tv, c);
      if (r.empty()) return std::nullopt;
      fit = r.front();
    }
    if (fit == d.value || std::find(d.alternatives.begin(), d.alternatives.end(), fit) != d.alternatives.end()) return std::nullopt;
    return fit;
  };
  for (const auto& c : prefs) {
    if (auto fit = offer(c)) d.alternatives.push_back(*fit);
  }
  // Also offer what the other priorities would pick on this target.
  for (const auto& prio : rules.priorities) {
    const auto& other = knowledge::PlanRules::preferences(rules.scheme_preferences, prio, arch.empty() ? "unknown" : arch);
    for (const auto& c : other) {
      if (auto fit = offer(c)) {
        d.alternatives.push_back(*fit);
        break;
      }
    }
  }
  p.global_scheme = d.value;
  p.scheme_facts = scheme_facts_of(caps, d.value, in.target.arch);
  if (caps.supports_scheme(d.value)) {
    note_native(in, p, d.value);
  }
  p.decisions.push_back(std::move(d));
}

void decide_kv_cache(const PlanInputs& in, const TemplateView& tv, Plan& p) {
  const Capabilities& caps = *in.caps;
  Decision d{"kv_cache_scheme", "none", DecisionSource::priority, {}, {"fp8", "none"}};
  std::string kv = in.options.kv_cache;
  if (!kv.empty() && kv != "none") {
    d.source = DecisionSource::user;
    bool effective = std::find(caps.kv_cache_effective.begin(), caps.kv_cache_effective.end(), kv) != caps.kv_cache_effective.end();
    if (!effective) {
      add_problem(p, "kv_not_fp8", txt("plan.problem.kv_not_fp8", {{"scheme", kv}, {"effective", join(caps.kv_cache_effective)}}),
                  txt("plan.fix.kv_fp8"));
    }
    d.reason = txt("plan.reason.kv_user", {{"scheme", kv}});
    if (auto pr = kv_layers_problem(in, tv, kv)) p.problems.push_back(std::move(*pr));
  } else if (kv == "none") {
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.kv_none_user");
    kv.clear();
  } else {
    const auto& defaults = plan_rules().kv_cache_default;
    auto found = defaults.find(in.options.priority);
    std::optional<std::string> def = found != defaults.end() ? found->second : std::nullopt;
    bool has_layers = !tv.kv_layers_known || !tv.kv_layers.empty();
    if (def && in.target.arch != "cpu" && has_layers && kv_layers_problem(in, tv, *def)) {
      d.reason = txt("plan.reason.kv_default_none_layers", {{"patterns", join(tv.kv_layers)}});
    } else if (def && in.target.arch != "cpu" && has_layers) {
      kv = *def;
      d.reason = txt("plan.reason.kv_priority", {{"priority", in.options.priority}});
    } else {
      d.reason = txt("plan.reason.kv_default_none", {{"priority", in.options.priority}});
    }
  }
  if (!kv.empty() && tv.kv_layers_known && tv.kv_layers.empty()) {
    add_risk(p, "medium", txt("plan.risk.kv_no_layers", {{"scheme", kv}}));
  }
  d.value = kv.empty() ? "none" : kv;
  d.alternatives = {d.value == "fp8" ? "none" : "fp8"};
  p.kv_cache_scheme = kv;
  p.decisions.push_back(std::move(d));
}

void decide_overrides(const PlanInputs& in, Plan& p) {
  const Capabilities& caps = *in.caps;
  Decision d{"layer_quant_config", "{}", DecisionSource::default_value, txt("plan.reason.overrides_none"), {}};
  for (const auto& [pattern, scheme] : in.overrides) {
    p.layer_quant_config.emplace_back(pattern, scheme);
    if (!caps.supports_scheme(scheme)) {
      add_problem(p, "override_unknown_scheme", txt("plan.problem.override_unknown_scheme", {{"pattern", pattern}, {"scheme", scheme}}),
                  unknown_scheme_fix(caps, scheme));
    } else {
      note_native(in, p, scheme);
    }
  }
  if (!p.layer_quant_config.empty()) {
    std::vector<std::string> shown;
    for (const auto& [pattern, scheme] : p.layer_quant_config) {
      shown.push_back(pattern + "=" + scheme);
    }
    d.value = join(shown);
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.overrides_user", {{"count", std::to_string(shown.size())}});
  }
  p.decisions.push_back(std::move(d));
}

void check_user_algorithm(const PlanInputs& in, const std::string& model_type, const std::string& algo, Plan& p) {
  const Capabilities& caps = *in.caps;
  auto ren = caps.algorithm_facts.renamed().find(algo);
  if (!caps.supports_algorithm(algo)) {
    Text fix = txt("plan.fix.pick_algorithm", {{"algorithms", join(caps.algorithms)}});
    if (ren != caps.algorithm_facts.renamed().end()) {
      fix = txt("plan.fix.algorithm_renamed", {{"algo", algo}, {"name", ren->second}});
    } else if (auto near = closest_name(algo, caps.algorithms)) {
      fix = txt("plan.fix.did_you_mean", {{"name", *near}});
    }
    add_problem(p, "unknown_algorithm", txt("plan.problem.unknown_algorithm", {{"algo", algo}, {"version", caps.quark_version}}), fix);
    return;
  }
  // A --template_file brings its own algorithm_configs.
  const std::vector<std::string> configured = template_file_facts(in.template_doc).configured_algorithms;
  bool from_file = !in.template_file.empty() && std::find(configured.begin(), configured.end(), algo) != configured.end();
  if (!from_file && !caps.algorithm_has_config(algo, model_type)) {
    add_problem(p, "algorithm_no_config",
                txt("plan.problem.algorithm_no_config",
                    {{"algo", algo}, {"model_type", model_type}, {"models", join_some(caps.models_with_config(algo), 8)}}),
                txt("plan.fix.algorithm_no_config", {{"algo", algo}}));
  }
  const knowledge::Scheme* s = caps.scheme_facts.find(p.global_scheme);
  const knowledge::Algorithm* a = caps.algorithm_facts.find(algo);
  if (s != nullptr && a != nullptr && !a->suits(s->family)) {
    add_risk(p, "medium",
             txt("plan.risk.algo_scheme_mismatch", {{"algo", algo}, {"scheme", p.global_scheme}, {"families", join(a->suits_families)}}));
  }
}

void decide_algorithms(const PlanInputs& in, const std::string& model_type, Plan& p) {
  const Capabilities& caps = *in.caps;
  Decision d{"algorithm", "none", DecisionSource::priority, {}, {}};
  const knowledge::Scheme* s = caps.scheme_facts.find(p.global_scheme);
  std::string family = s == nullptr ? "" : s->family;
  const bool switched_off = std::find(in.algorithms.begin(), in.algorithms.end(), "none") != in.algorithms.end();
  if (switched_off && in.algorithms.size() > 1) {
    add_problem(p, "algorithm_none_combined", txt("plan.problem.algorithm_none_combined", {{"algos", join(in.algorithms, ",")}}),
                txt("plan.fix.algorithm_none_combined"));
  }
  if (switched_off) {
    // --algo none: the person switches the planner's algorithm off (round-to-nearest).
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.algo_user_none", {{"scheme", p.global_scheme}});
    if (family == "int4_wo" || family == "uint4_wo") {
      add_risk(p, "medium", txt("plan.risk.rtn_int4", {{"scheme", p.global_scheme}, {"model_type", model_type}}));
    }
  } else if (!in.algorithms.empty()) {
    d.source = DecisionSource::user;
    for (const auto& a : in.algorithms) {
      check_user_algorithm(in, model_type, a, p);
      p.algorithms.push_back(a);
    }
    d.value = join(p.algorithms, ",");
    d.reason = txt("plan.reason.algo_user", {{"algos", d.value}});
  } else {
    for (const auto& a : knowledge::PlanRules::preferences(plan_rules().algorithm_preferences, in.options.priority, family)) {
      if (caps.supports_algorithm(a) && caps.algorithm_has_config(a, model_type)) {
        p.algorithms.push_back(a);
        break;
      }
    }
    if (!p.algorithms.empty()) {
      d.value = p.algorithms.front();
      d.reason = txt("plan.reason.algo_priority", {{"algo", d.value}, {"scheme", p.global_scheme}, {"model_type", model_type}});
    } else if (family == "int4_wo" || family == "uint4_wo") {
      d.reason = txt("plan.reason.algo_none_available", {{"model_type", model_type}});
      add_risk(p, "medium", txt("plan.risk.rtn_int4", {{"scheme", p.global_scheme}, {"model_type", model_type}}));
    } else {
      d.reason = txt("plan.reason.algo_none", {{"scheme", p.global_scheme}});
    }
  }
  for (const auto& a : caps.algorithms) {
    const knowledge::Algorithm* fa = caps.algorithm_facts.find(a);
    bool suits = fa == nullptr || fa->suits(family);
    if (suits && caps.algorithm_has_config(a, model_type) && std::find(p.algorithms.begin(), p.algorithms.end(), a) == p.algorithms.end()) {
      d.alternatives.push_back(a);
    }
  }
  if (!p.algorithms.empty()) {
    d.alternatives.push_back("none");
  }
  p.decisions.push_back(std::move(d));
}

void check_template(const PlanInputs& in, const TemplateView& tv, const std::string& model_type, Plan& p) {
  const Capabilities& caps = *in.caps;
  if (!in.template_file.empty()) {
    p.template_file = in.template_file;
    if (!caps.has_cli_flag("--template_file")) {
      add_problem(p, "template_file_unsupported", txt("plan.problem.template_file_unsupported", {{"version", caps.quark_version}}),
                  txt("plan.fix.upgrade_for_template_file"));
    }
    return;
  }
  if (tv.exists) {
    return;
  }
  if (!tv.known) {
    add_risk(p, "high", txt("plan.risk.template_unknown", {{"model_type", model_type}}));
    return;
  }
  // The whole command, with the options this plan was asked for: pasted, it plans again.
  Text fix = caps.has_cli_flag("--template_file")
                 ? txt("plan.fix.write_template", {{"model_type", model_type},
                                                   {"command", options::plan_command(in.options, {"template_file"}) + " --write-template"}})
                 : txt("plan.fix.upgrade_for_template_file");
  add_problem(p, "no_template",
              txt("plan.problem.no_template",
                  {{"model_type", model_type}, {"version", caps.quark_version}, {"templates", join_some(caps.templates, 12)}}),
              fix);
}

}  // namespace

void set_options(PlanInputs& in, options::PlanOptions o) {
  in.algorithms = options::algorithm_list(o);
  std::string clean;
  for (const auto& a : in.algorithms) clean += (clean.empty() ? "" : ",") + a;
  o.algo = clean;
  auto overrides = options::override_pairs(o);
  in.overrides = overrides ? *overrides : std::vector<options::Override>{};
  in.options = std::move(o);
}

Plan build_plan(const PlanInputs& in) {
  Plan p;
  const artifacts::AnalysisModel& m = in.analysis->model;
  std::string model_type = m.model_type;
  p.model = artifacts::PlanModel{model_type, "model_analysis.json", std::nullopt};
  if (!m.model_path.empty()) p.model.model_path = m.model_path;
  p.analysis_digest = in.analysis_digest;
  options::PlanOptions recorded = in.options;
  recorded.template_file = in.template_file;
  p.options = options::to_json(recorded);
  p.command = options::plan_command(recorded);
  p.priority = in.options.priority;
  note_quark(in, p);
  note_target(in, p);
  TemplateView tv = template_view(in, model_type);
  check_template(in, tv, model_type, p);
  decide_scheme(in, tv, p);
  decide_kv_cache(in, tv, p);
  decide_overrides(in, p);
  decide_exclusions(in, tv, p);
  decide_algorithms(in, model_type, p);
  check_layer_shapes(in, p);
  decide_calibration(in, p);
  decide_evaluation(in, p);
  decide_device(in, p);
  check_cpu_route(in, p);
  decide_remote_code(in, p);
  check_coverage(in, p);
  carry_analysis_risks(in, p);
  return p;
}

}  // namespace plan
