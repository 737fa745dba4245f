#include "plan/comparison.h"

#include <algorithm>

#include "options/option_table.h"
#include "plan/plan_document.h"
#include "plan/planner_steps.h"
#include "plan/rules.h"

namespace plan {

namespace {

using namespace detail;

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// auto's order, so that the bound keeps the likeliest choices: the person's priority's
// preferences on this target first (its first fitting one is the plan a single `plan` makes),
// then the other priorities' preferences, then every other scheme the installed Quark lists.
std::vector<std::string> auto_order(const PlanInputs& in) {
  const Capabilities& caps = *in.caps;
  const knowledge::PlanRules& rules = plan_rules();
  std::vector<std::string> out;
  auto add = [&](const std::vector<std::string>& names) {
    for (const auto& s : names) {
      if (caps.supports_scheme(s) && !contains(out, s)) out.push_back(s);
    }
  };
  auto prefs = [&](const std::string& priority) {
    const auto& p = knowledge::PlanRules::preferences(rules.scheme_preferences, priority, in.target.arch);
    return p.empty() ? knowledge::PlanRules::preferences(rules.scheme_preferences, priority, "unknown") : p;
  };
  add(prefs(in.options.priority));
  for (const auto& priority : rules.priorities) add(prefs(priority));
  add(caps.schemes);
  return out;
}

// The whole plan for one scheme. A per-group scheme whose group does not divide a layer is
// planned as its own format with the largest group that divides every layer (the planner's
// refit, as a single plan picks it), and the candidate says so.
Candidate plan_candidate(const PlanInputs& in, const TemplateView& tv, const std::string& asked, bool automatic) {
  Candidate c{asked, asked, {}, {}};
  if (in.caps->supports_scheme(asked) && !scheme_fits(in, tv, asked)) {
    auto fits = refits(in, tv, asked);
    std::uint64_t group = 0;
    auto misfit = first_misfit(in, tv, asked, &group);
    if (!fits.empty() && misfit) {
      c.name = fits.front();
      c.refit = txt("plan.compare.refit", {{"asked", asked},
                                           {"scheme", c.name},
                                           {"group", std::to_string(group)},
                                           {"layer", misfit->module},
                                           {"in_features", std::to_string(misfit->in_features)}});
    }
  }
  PlanInputs one = in;
  set_options(one, options::candidate_options(in.options, c.name));
  c.plan = build_plan(one);
  for (auto& d : c.plan.decisions) {
    if (d.key != "global_scheme") continue;
    d.reason = c.refit.id.empty() ? txt(automatic ? "plan.reason.scheme_compare_auto" : "plan.reason.scheme_compare", {{"scheme", c.name}})
                                  : c.refit;
  }
  return c;
}

void add_unique(std::vector<Problem>& out, const Problem& p) {
  bool seen = std::any_of(out.begin(), out.end(), [&](const Problem& q) {
    return q.code == p.code && q.text.id == p.text.id && render(core::Lang::en, q.text) == render(core::Lang::en, p.text);
  });
  if (!seen) out.push_back(p);
}

}  // namespace

Comparison build_comparison(const PlanInputs& in, const options::CompareRequest& request) {
  Comparison out;
  out.automatic = request.automatic;
  out.max = request.max;
  const std::string model_type = in.analysis->model.model_type;
  const TemplateView tv = template_view(in, model_type);
  const std::vector<std::string> asked = request.automatic ? auto_order(in) : request.schemes;
  std::vector<Problem> first_problems;
  for (const auto& scheme : asked) {
    const knowledge::Scheme* facts = in.caps->scheme_facts.find(scheme);
    if (request.automatic && facts != nullptr && !facts->alias_of.empty() && contains(asked, facts->alias_of)) {
      out.left_out.push_back({scheme, "alias", txt("plan.compare.alias", {{"scheme", scheme}, {"of", facts->alias_of}})});
      continue;
    }
    Candidate c = plan_candidate(in, tv, scheme, request.automatic);
    if (!c.plan.problems.empty()) {
      if (first_problems.empty()) first_problems = c.plan.problems;
      if (request.automatic) {
        const Problem& first = c.plan.problems.front();
        out.left_out.push_back({scheme, first.code, first.text});
        continue;
      }
      add_unique(out.problems, Problem{"compare_candidate_invalid",
                                       txt("plan.problem.compare_candidate_invalid",
                                           {{"scheme", scheme}, {"count", std::to_string(c.plan.problems.size())}}),
                                       txt("plan.fix.compare_candidate_invalid", {{"scheme", scheme}}),
                                       {}});
      for (const auto& p : c.plan.problems) add_unique(out.problems, p);
      continue;
    }
    auto same = std::find_if(out.candidates.begin(), out.candidates.end(), [&](const Candidate& k) { return k.name == c.name; });
    if (same != out.candidates.end()) {
      out.left_out.push_back({scheme, "same_as", txt("plan.compare.same_as", {{"scheme", scheme}, {"candidate", same->name}})});
    } else if (static_cast<int>(out.candidates.size()) >= out.max) {
      out.left_out.push_back(
          {scheme, "over_bound", txt("plan.compare.over_bound", {{"scheme", scheme}, {"max", std::to_string(out.max)}})});
    } else {
      out.candidates.push_back(std::move(c));
    }
  }
  if (out.candidates.empty() && out.problems.empty()) {
    out.problems.push_back(Problem{"compare_no_candidate",
                                   txt("plan.problem.compare_no_candidate", {{"count", std::to_string(asked.size())}}),
                                   txt("plan.fix.compare_no_candidate"),
                                   {}});
    for (const auto& p : first_problems) add_unique(out.problems, p);
  }
  return out;
}

Plan comparison_plan(const PlanInputs& in, const Comparison& c) {
  Plan p = c.candidates.empty() ? build_plan(in) : c.candidates.front().plan;
  options::PlanOptions recorded = in.options;
  recorded.template_file = in.template_file;
  p.options = options::to_json(recorded);
  p.command = options::plan_command(recorded);
  if (!c.problems.empty()) p.problems = c.problems;
  return p;
}

}  // namespace plan
