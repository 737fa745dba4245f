// The planner's checks of the plan against the model's layer shapes and KV layers: what
// quark-cli would otherwise find out minutes into a run (a group that does not divide
// in_features, a scheme that cannot be exported, a KV cache with no KV layers). A refused
// plan carries the smallest change that passes, as flags to paste.
#include <algorithm>
#include <set>

#include "plan/exclusion_patterns.h"
#include "options/option_table.h"
#include "plan/planner_steps.h"
#include "plan/rules.h"
#include "plan/shape_checks.h"

namespace plan {

std::string PlanChange::flags() const {
  auto q = [](const std::string& s) { return "'" + s + "'"; };
  std::string out;
  auto add = [&out](const std::string& f) { out += (out.empty() ? "" : " ") + f; };
  if (!scheme.empty()) add("--scheme " + scheme);
  for (const auto& [pattern, s] : overrides) add("--override " + q(pattern + "=" + s));
  for (const auto& e : excludes) add("--exclude " + q(e));
  if (kv_cache_none) add("--kv-cache none");
  return out;
}

namespace detail {

std::string fix_command(const PlanInputs& in, const PlanChange& change) {
  options::PlanOptions o = apply_change(in.options, change);
  o.template_file = in.template_file;
  return options::plan_command(o);
}

}  // namespace detail

options::PlanOptions apply_change(options::PlanOptions o, const PlanChange& c) {
  if (!c.scheme.empty()) o.scheme = c.scheme;
  for (const auto& [pattern, scheme] : c.overrides) o.overrides.push_back(pattern + "=" + scheme);
  if (!c.excludes.empty()) o.excludes = c.excludes;
  if (c.kv_cache_none) o.kv_cache = "none";
  return o;
}

namespace detail {

namespace {

std::string layer_list(const std::vector<Misfit>& mf) {
  std::vector<std::string> shown;
  for (const auto& m : mf) shown.push_back(m.module + " (in_features " + std::to_string(m.in_features) + ")");
  return join_some(shown, 3);
}

// The failure quark-cli prints, as the installed Quark words it.
std::string failure_text(const knowledge::Scheme& s, const std::vector<std::string>& algorithms, const Misfit& m, std::uint64_t group) {
  bool awq = std::find(algorithms.begin(), algorithms.end(), "awq") != algorithms.end();
  if (awq) return "AssertionError in awq.pseudo_quantize_tensor: org_w_shape[-1] % group_size == 0";
  (void)s;
  return "ValueError: The number of element per dimension ch_axis=-1 is " + std::to_string(m.in_features) +
         " which is not divisible by group_size=" + std::to_string(group);
}

// Same family, format and activation, a different weight grouping: the schemes a group
// problem may switch to, largest group first, per-channel last.
std::vector<const knowledge::Scheme*> regroupings(const Capabilities& caps, const knowledge::Scheme& s) {
  std::vector<const knowledge::Scheme*> out;
  for (const auto& c : caps.scheme_facts.all()) {
    if (c.name == s.name || c.family != s.family || c.weight.format != s.weight.format || !c.alias_of.empty()) continue;
    if (c.activation.has_value() != s.activation.has_value()) continue;
    if (!caps.supports_scheme(c.name)) continue;
    bool grouped = c.weight.granularity == "per_group" && c.weight.group_size;
    if (grouped && *c.weight.group_size >= *s.weight.group_size) continue;
    if (!grouped && c.weight.granularity != "per_channel") continue;
    out.push_back(&c);
  }
  std::sort(out.begin(), out.end(), [](const knowledge::Scheme* a, const knowledge::Scheme* b) {
    return a->weight.group_size.value_or(0) > b->weight.group_size.value_or(0);
  });
  return out;
}

bool divides_all(const knowledge::Scheme& c, const std::vector<std::string>& algorithms, const std::vector<Misfit>& mf) {
  auto g = required_group(c, algorithms);
  if (!g) return true;
  return std::all_of(mf.begin(), mf.end(), [&](const Misfit& m) { return m.in_features % *g == 0; });
}

std::vector<std::string> effective_excludes(const PlanInputs& in, const TemplateView& tv) {
  return in.options.excludes.empty() ? tv.exclude_defaults : in.options.excludes;
}

std::size_t quantized_count(const std::vector<Module>& modules, const std::vector<std::string>& excludes) {
  return static_cast<std::size_t>(
      std::count_if(modules.begin(), modules.end(), [&](const Module& m) { return !any_pattern_matches(excludes, m.name); }));
}

// Where a scheme is used: as the plan's global scheme, or only by a per-layer override (which a
// global change of scheme would not fix).
enum class SchemeUse { global, override_only };

// The smallest change that makes scheme `s` fit the misfit layers `mf`: overrides for a few
// layers, else (for the global scheme) a scheme with a group that divides them, else excluding them.
void propose_regroup(const PlanInputs& in, const std::vector<Module>& modules, const Plan& p, const knowledge::Scheme& s, SchemeUse use,
                     const std::vector<Misfit>& mf, Problem& out) {
  const Capabilities& caps = *in.caps;
  double share = plan_rules().shape_rules.override_share_max;
  const knowledge::Scheme* fit = nullptr;
  for (const auto* c : regroupings(caps, s)) {
    if (divides_all(*c, p.algorithms, mf) && scheme_failure(c->name, p.algorithms, nullptr).empty()) {
      fit = c;
      break;
    }
  }
  std::size_t total = quantized_count(modules, p.exclude_layers);
  if (fit != nullptr && use == SchemeUse::global && static_cast<double>(mf.size()) > share * static_cast<double>(total)) {
    out.change.scheme = fit->name;
    out.fix = txt("plan.fix.smaller_group_scheme", {{"scheme", fit->name}, {"command", fix_command(in, out.change)}});
  } else if (fit != nullptr) {
    for (const auto& m : mf) out.change.overrides.emplace_back(m.module, fit->name);
    out.fix = txt("plan.fix.smaller_group_override", {{"scheme", fit->name}, {"command", fix_command(in, out.change)}});
  } else {
    // Typed as --exclude: only the current exclusions that match a module (the others fail
    // plan.problem.pattern_no_match), then the misfits by name.
    out.change.excludes = live_patterns(p.exclude_layers, modules);
    for (const auto& m : mf) {
      if (std::find(out.change.excludes.begin(), out.change.excludes.end(), m.module) == out.change.excludes.end())
        out.change.excludes.push_back(m.module);
    }
    out.fix = txt("plan.fix.exclude_misfits", {{"family", s.family}, {"command", fix_command(in, out.change)}});
  }
}

}  // namespace

std::vector<Module> plan_modules(const PlanInputs& in) { return in.modules ? *in.modules : inventory_from_analysis(*in.analysis); }

std::optional<Misfit> first_misfit(const PlanInputs& in, const TemplateView& tv, const std::string& scheme, std::uint64_t* group) {
  const knowledge::Scheme* s = in.caps->scheme_facts.find(scheme);
  if (s == nullptr) return std::nullopt;
  auto g = required_group(*s, in.algorithms);
  if (!g) return std::nullopt;
  auto mf = misfits(plan_modules(in), effective_excludes(in, tv), in.overrides, scheme, *g);
  if (mf.empty()) return std::nullopt;
  if (group != nullptr) *group = *g;
  return mf.front();
}

bool scheme_fits(const PlanInputs& in, const TemplateView& tv, const std::string& scheme) {
  return scheme_failure(scheme, in.algorithms, nullptr).empty() && !first_misfit(in, tv, scheme, nullptr);
}

std::vector<std::string> refits(const PlanInputs& in, const TemplateView& tv, const std::string& scheme) {
  std::vector<std::string> out;
  const knowledge::Scheme* s = in.caps->scheme_facts.find(scheme);
  if (s == nullptr) return out;
  for (const auto* c : regroupings(*in.caps, *s)) {
    if (scheme_fits(in, tv, c->name)) out.push_back(c->name);
  }
  return out;
}

void check_layer_shapes(const PlanInputs& in, Plan& p) {
  const Capabilities& caps = *in.caps;
  std::vector<Module> modules = plan_modules(in);
  std::vector<std::pair<std::string, SchemeUse>> used{{p.global_scheme, SchemeUse::global}};
  for (const auto& [pattern, scheme] : p.layer_quant_config) used.emplace_back(scheme, SchemeUse::override_only);
  std::set<std::string> seen;
  for (const auto& [scheme, use] : used) {
    if (!seen.insert(scheme).second) continue;
    const knowledge::Scheme* s = caps.scheme_facts.find(scheme);
    if (s == nullptr || !caps.supports_scheme(scheme)) continue;
    std::string algo;
    std::string why = scheme_failure(scheme, p.algorithms, &algo);
    if (!why.empty()) {
      std::vector<std::string> others;
      for (const auto& c : caps.schemes) {
        const knowledge::Scheme* f = caps.scheme_facts.find(c);
        if (f != nullptr && f->family == s->family && c != scheme && scheme_failure(c, p.algorithms, nullptr).empty()) others.push_back(c);
      }
      if (others.empty()) others = {"fp8"};
      if (algo.empty()) {
        add_problem(p, "scheme_fails",
                    txt("plan.problem.scheme_fails", {{"scheme", scheme}, {"version", caps.quark_version}, {"why", why}}),
                    txt("plan.fix.pick_other_scheme", {{"schemes", join_some(others, 4)}}));
      } else {
        add_problem(
            p, "scheme_fails_with_algo",
            txt("plan.problem.scheme_fails_with_algo", {{"scheme", scheme}, {"algo", algo}, {"version", caps.quark_version}, {"why", why}}),
            txt("plan.fix.drop_algo", {{"algo", algo}, {"schemes", join_some(others, 4)}}));
      }
      continue;
    }
    auto g = required_group(*s, p.algorithms);
    if (!g || modules.empty()) continue;
    auto mf = misfits(modules, p.exclude_layers, p.layer_quant_config, scheme, *g);
    if (mf.empty()) continue;
    Problem pr{"group_not_dividing",
               txt("plan.problem.group_not_dividing", {{"scheme", scheme},
                                                       {"group", std::to_string(*g)},
                                                       {"count", std::to_string(mf.size())},
                                                       {"layers", layer_list(mf)},
                                                       {"failure", failure_text(*s, p.algorithms, mf.front(), *g)}}),
               {},
               {}};
    propose_regroup(in, modules, p, *s, use, mf, pr);
    p.problems.push_back(std::move(pr));
  }
}

// The template's KV layers must be quantized Linear modules of this model.
std::optional<Problem> kv_layers_problem(const PlanInputs& in, const TemplateView& tv, const std::string& kv) {
  if (!tv.kv_layers_known || tv.kv_layers.empty()) return std::nullopt;
  std::vector<Module> modules = plan_modules(in);
  if (modules.empty()) return std::nullopt;
  auto excludes = effective_excludes(in, tv);
  std::string excluded_example;
  for (const auto& m : modules) {
    if (!any_pattern_matches(tv.kv_layers, m.name)) continue;
    if (!any_pattern_matches(excludes, m.name)) return std::nullopt;
    if (excluded_example.empty()) excluded_example = m.name;
  }
  PlanChange c;
  c.kv_cache_none = true;
  Text what = excluded_example.empty() ? txt("plan.problem.kv_layers_missing", {{"scheme", kv}, {"patterns", join(tv.kv_layers)}})
                                       : txt("plan.problem.kv_layers_excluded",
                                             {{"scheme", kv}, {"patterns", join(tv.kv_layers)}, {"example", excluded_example}});
  return Problem{excluded_example.empty() ? "kv_layers_missing" : "kv_layers_excluded", what,
                 txt("plan.fix.kv_none", {{"command", fix_command(in, c)}}), c};
}

}  // namespace detail

}  // namespace plan
