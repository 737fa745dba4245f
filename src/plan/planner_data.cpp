// The planner's data-side decisions: exclusions, calibration, evaluation, devices, remote
// code, and the check of every pattern against the exact module inventory.
#include <algorithm>
#include <optional>
#include <set>

#include "plan/evaluation_settings.h"
#include "plan/exclusion_patterns.h"
#include "plan/module_inventory.h"
#include "plan/planner_steps.h"
#include "plan/rules.h"
#include "plan/suggest.h"
#include "workflow/corrections.h"

namespace plan::detail {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

// The exclusions the person corrected at checkpoint 1 (workflow/corrections.h), if any.
std::optional<std::vector<std::string>> corrected_exclusions(const artifacts::ModelAnalysis& analysis) {
  const artifacts::QuantizationTargets& qt = analysis.quantization_targets;
  if (qt.exclude_defaults_source != workflow::kCorrectedExclusionsSource) return std::nullopt;
  return qt.exclude_defaults;
}

void decide_exclusions(const PlanInputs& in, const TemplateView& tv, Plan& p) {
  Decision d{"exclude_layers", "", DecisionSource::template_default, {}, {}};
  if (auto corrected = corrected_exclusions(*in.analysis); corrected && in.options.excludes.empty()) {
    p.exclude_layers = std::move(*corrected);
    p.exclude_source = "user";
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.exclude_corrected", {{"defaults", tv.exclude_defaults.empty() ? "-" : join(tv.exclude_defaults)}});
    d.alternatives.push_back(tv.exclude_defaults.empty() ? "-" : join(tv.exclude_defaults));
  } else if (!in.options.excludes.empty()) {
    p.exclude_layers = in.options.excludes;
    p.exclude_source = "user";
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.exclude_user", {{"defaults", tv.exclude_defaults.empty() ? "-" : join(tv.exclude_defaults)}});
    d.alternatives.push_back(tv.exclude_defaults.empty() ? "-" : join(tv.exclude_defaults));
  } else {
    p.exclude_layers = tv.exclude_defaults;
    p.exclude_source = "template_default";
    d.reason = txt("plan.reason.exclude_template", {{"origin", tv.origin}});
    d.alternatives.push_back("--exclude PATTERN");
    if (tv.exclude_defaults.empty() && tv.exists) {
      add_risk(p, "medium", txt("plan.risk.no_default_exclusions"));
    }
  }
  d.value = p.exclude_layers.empty() ? "-" : join(p.exclude_layers);
  p.decisions.push_back(std::move(d));
}

void decide_calibration(const PlanInputs& in, Plan& p) {
  const Capabilities& caps = *in.caps;
  const knowledge::CalibDefaults& def = caps.datasets.defaults();
  const options::PlanOptions& o = in.options;
  std::string dataset = o.calib_dataset.empty() ? def.dataset : o.calib_dataset;
  int samples = o.calib_samples.value_or(def.num_calib_data);
  int seq_len = o.seq_len.value_or(def.seq_len);
  int batch = o.batch_size.value_or(def.batch_size);
  auto choices = caps.dataset_choices();
  if (!contains(choices, dataset)) {
    auto near = closest_name(dataset, choices);
    add_problem(p, "unknown_dataset", txt("plan.problem.unknown_dataset", {{"dataset", dataset}, {"choices", join(choices)}}),
                near ? txt("plan.fix.did_you_mean", {{"name", *near}}) : txt("plan.fix.pick_dataset", {{"choices", join(choices)}}));
  } else if (const knowledge::CalibDataset* ds = caps.datasets.find(dataset); ds != nullptr && !ds->loadable) {
    add_problem(p, "dataset_unloadable", txt("plan.problem.dataset_unloadable", {{"dataset", dataset}}),
                txt("plan.fix.pick_dataset", {{"choices", def.dataset}}));
  }
  if (samples < batch) {
    add_problem(p, "calib_lt_batch",
                txt("plan.problem.calib_lt_batch", {{"samples", std::to_string(samples)}, {"batch", std::to_string(batch)}}),
                txt("plan.fix.calib_lt_batch", {{"batch", std::to_string(batch)}}));
  }
  if (dataset == "pileval_for_awq_benchmark" && o.batch_size) {
    add_risk(p, "low", txt("plan.risk.awq_benchmark_batch"));
  }
  if (samples < def.num_calib_data) {
    add_risk(p, "low",
             txt("plan.risk.fewer_samples", {{"samples", std::to_string(samples)}, {"default", std::to_string(def.num_calib_data)}}));
  }
  auto src = [](bool user) { return user ? "user" : "cli_default"; };
  p.calibration = artifacts::PlanCalibration{{dataset, samples, seq_len, batch},
                                             artifacts::CalibrationSources{src(!o.calib_dataset.empty()), src(o.calib_samples.has_value()),
                                                                           src(o.seq_len.has_value()), src(o.batch_size.has_value())},
                                             artifacts::CalibrationValues{def.dataset, def.num_calib_data, def.seq_len, def.batch_size}};
  bool all_default = o.calib_dataset.empty() && !o.calib_samples && !o.seq_len && !o.batch_size;
  Decision d{"calibration",
             dataset + ", " + std::to_string(samples) + " x " + std::to_string(seq_len) + ", batch " + std::to_string(batch),
             all_default ? DecisionSource::default_value : DecisionSource::user,
             all_default ? txt("plan.reason.calib_default") : txt("plan.reason.calib_user"),
             {}};
  for (const auto& c : choices) {
    const knowledge::CalibDataset* ds = caps.datasets.find(c);
    if (c != dataset && (ds == nullptr || ds->loadable)) {
      d.alternatives.push_back(c);
    }
  }
  p.decisions.push_back(std::move(d));
}

void decide_evaluation(const PlanInputs& in, Plan& p) {
  std::string intent = in.options.eval.empty() ? plan_rules().default_evaluation_intent : in.options.eval;
  p.evaluation_intent = intent;
  Decision d{"evaluation_intent",
             intent,
             in.options.eval.empty() ? DecisionSource::default_value : DecisionSource::user,
             txt("plan.reason.eval_" + intent),
             {}};
  for (const char* alt : {"none", "smoke", "full"}) {
    if (intent != alt) {
      d.alternatives.emplace_back(alt);
    }
  }
  p.decisions.push_back(std::move(d));
  if (intent == "none") return;
  // What quark-ptq's own evaluation measures and the threshold its verdict is judged against.
  p.evaluation = evaluation_settings(intent, in.options.priority, in.options.eval_text);
}

void decide_device(const PlanInputs& in, Plan& p) {
  Decision d{"device_strategy", "single", DecisionSource::default_value, {}, {}};
  if (in.target.arch == "cpu") {
    d.value = "cpu";
    d.source = DecisionSource::detected;
    d.reason = txt("plan.reason.device_cpu");
    d.alternatives = {"single"};
  } else if (in.options.multi_device) {
    d.value = "multi_device";
    d.source = DecisionSource::user;
    d.reason = txt("plan.reason.device_multi");
    d.alternatives = {"single"};
    if (!p.algorithms.empty()) {
      add_risk(p, "high", txt("plan.risk.multi_device_algorithms", {{"algos", join(p.algorithms, ",")}}));
    }
  } else {
    d.reason = txt("plan.reason.device_single");
    d.alternatives = {"multi_device"};
  }
  p.device_strategy = d.value;
  p.decisions.push_back(std::move(d));
}

void decide_remote_code(const PlanInputs& in, Plan& p) {
  bool needs = in.analysis->model.trust_remote_code;
  p.trust_remote_code = in.options.trust_remote_code;
  Decision d{"trust_remote_code",
             p.trust_remote_code ? "true" : "false",
             p.trust_remote_code ? DecisionSource::user : DecisionSource::default_value,
             p.trust_remote_code ? txt("plan.reason.remote_code_accepted") : txt("plan.reason.remote_code_refused"),
             {p.trust_remote_code ? "false" : "true"}};
  if (p.trust_remote_code) {
    add_risk(p, "medium", txt("plan.risk.remote_code_runs"));
  } else if (needs) {
    add_risk(p, "high", txt("plan.risk.remote_code_needed"));
  }
  p.decisions.push_back(std::move(d));
}

namespace {

// The analysis' own word for how it knows its modules, as the plan records it.
std::string analysis_inventory_source(const artifacts::ModelAnalysis& analysis, bool listed) {
  const std::string m = analysis.quantization_targets.method.value_or("");
  if (m == "safetensors_headers") return "checkpoint headers";
  if (m == "model_oracle") return "analysis oracle";
  if (m == "config_estimate") return "config estimate";
  return listed ? "analysis list" : "none";
}

}  // namespace

void check_coverage(const PlanInputs& in, Plan& p) {
  std::vector<Module> inventory = plan_modules(in);
  p.modules.origin = in.inventory_origin;
  p.modules.source = in.modules ? "oracle" : analysis_inventory_source(*in.analysis, !inventory.empty());
  p.checkpoint_names = in.checkpoint_names;
  bool user_excludes = p.exclude_source == "user";
  for (const auto& pat : p.exclude_layers) {
    PatternUse u{pat, "exclude", "", 0};
    for (const auto& m : inventory) {
      u.matches += pattern_matches(pat, m.name) ? 1 : 0;
    }
    p.patterns.push_back(u);
  }
  for (const auto& [pat, scheme] : p.layer_quant_config) {
    PatternUse u{pat, "override", scheme, 0};
    for (const auto& m : inventory) {
      u.matches += pattern_matches(pat, m.name) ? 1 : 0;
    }
    p.patterns.push_back(u);
  }
  ModuleSummary& s = p.modules;
  if (const auto& pq = in.analysis->pre_quantized.tensors) {
    for (const artifacts::PrequantizedRecord& t : *pq) {
      if (t.module_counted) continue;
      auto n = static_cast<std::uint64_t>(t.tensors);
      std::string name = t.name.empty() ? "?" : t.name;
      for (auto at = name.find("{}"); at != std::string::npos; at = name.find("{}", at)) name.replace(at, 2, "*");
      s.uncounted_prequantized += n;
      s.uncounted_prequantized_names.push_back(n > 1 ? name + " (x" + std::to_string(n) + ")" : name);
    }
  }
  if (inventory.empty()) {
    add_risk(p, "medium", txt("plan.risk.no_inventory"));
    return;
  }
  s.inventory_known = true;
  s.total = static_cast<int>(inventory.size());
  // Only the user's own patterns must match: a template default that matches nothing here
  // (e.g. "*.gate" on a dense model) is normal.
  for (const auto& u : p.patterns) {
    if (u.matches == 0 && (u.kind == "override" || user_excludes)) {
      add_problem(p, "pattern_no_match",
                  txt("plan.problem.pattern_no_match", {{"kind", u.kind}, {"pattern", u.pattern}, {"total", std::to_string(s.total)}}),
                  txt("plan.fix.pattern_no_match", {{"example", inventory.front().name}}));
    }
  }
  std::vector<std::string> quantized;
  std::vector<std::string> excluded;
  std::map<std::string, std::vector<std::string>> risky;  // role -> quantized names
  const auto& never = plan_rules().never_quantize_roles;
  for (const auto& m : inventory) {
    if (any_pattern_matches(p.exclude_layers, m.name)) {
      excluded.push_back(m.name);
      s.excluded_by_role[m.role]++;
      continue;
    }
    quantized.push_back(m.name);
    s.quantized_by_role[m.role]++;
    if (contains(never, m.role)) {
      risky[m.role].push_back(m.name);
    }
  }
  s.quantized = static_cast<int>(quantized.size());
  s.excluded = static_cast<int>(excluded.size());
  s.quantized_compact = compact_names(quantized);
  s.excluded_compact = compact_names(excluded);
  for (const auto& [role, names] : risky) {
    // The fix is typed as --exclude, so it keeps only the current exclusions that match a
    // module (plan.problem.pattern_no_match refuses the others) and adds patterns checked
    // against these modules: pasted, it passes this check.
    PlanChange change;
    change.excludes = live_patterns(p.exclude_layers, inventory);
    // Every module of the role, excluded ones too, may share a pattern; a tower's may also
    // cover the other towers (a projector inside the vision subtree).
    std::vector<std::string> of_role;
    for (const auto& m : inventory) {
      bool tower = role != "router" && m.role != "router" && contains(never, m.role);
      if (m.role == role || tower) of_role.push_back(m.name);
    }
    std::vector<std::string> add = role == "router" ? router_patterns(of_role, inventory) : covering_patterns(of_role, inventory);
    for (const auto& a : add) {
      if (std::find(change.excludes.begin(), change.excludes.end(), a) == change.excludes.end()) change.excludes.push_back(a);
    }
    add_problem(p, role == "router" ? "router_quantized" : "tower_quantized",
                txt(role == "router" ? "plan.problem.router_quantized" : "plan.problem.tower_quantized",
                    {{"role", role}, {"count", std::to_string(names.size())}, {"example", names.front()}}),
                txt("plan.fix.exclude_more", {{"command", fix_command(in, change)}}));
    p.problems.back().change = std::move(change);
  }
}

}  // namespace plan::detail
