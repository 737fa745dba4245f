// Internal to the planner: one function per decision, shared by planner.cpp and
// planner_data.cpp. Not for use outside src/plan.
#pragma once

#include <string>
#include <vector>

#include "core/text.h"
#include "plan/planner.h"
#include "plan/shape_checks.h"

namespace plan::detail {

Text txt(std::string id, std::vector<core::MessageArg> args = {});
void add_risk(Plan& p, std::string severity, Text t);
void add_problem(Plan& p, std::string code, Text what, Text fix);
using core::join;
// At most `n` names, then "... (+k more)".
std::string join_some(const std::vector<std::string>& v, std::size_t n);

// The template facts for the model: installed/shipped template, or a --template_file, or
// the analysis' exclude_defaults. `known` false when nothing says whether one exists.
struct TemplateView {
  bool exists = false;
  bool known = false;
  std::string origin;  // "installed", "shipped", "template_file", "analysis"
  std::vector<std::string> exclude_defaults;
  std::vector<std::string> kv_layers;
  bool kv_layers_known = false;
};
TemplateView template_view(const PlanInputs& in, const std::string& model_type);

void decide_exclusions(const PlanInputs& in, const TemplateView& tv, Plan& p);
// A fix as the whole command to paste: `quark-ptq plan` with this plan's options and the change
// applied, so that pasting it keeps everything else the plan was asked for.
std::string fix_command(const PlanInputs& in, const PlanChange& change);
void decide_calibration(const PlanInputs& in, Plan& p);
void decide_evaluation(const PlanInputs& in, Plan& p);
void decide_device(const PlanInputs& in, Plan& p);
void decide_remote_code(const PlanInputs& in, Plan& p);
void check_coverage(const PlanInputs& in, Plan& p);
// Every risk of the confirmed analysis: answered by a decision (Plan::resolved_risks), or
// carried into the plan's risks with origin "analysis", so confirming the plan accepts it.
void carry_analysis_risks(const PlanInputs& in, Plan& p);

// Layer shapes (planner_shapes.cpp). The modules Quark will see: the oracle's, else the analysis'.
std::vector<Module> plan_modules(const PlanInputs& in);
// With the user's exclusions (or the template's), overrides and algorithms: the first layer
// whose in_features the scheme's group does not divide.
std::optional<Misfit> first_misfit(const PlanInputs& in, const TemplateView& tv, const std::string& scheme, std::uint64_t* group);
bool scheme_fits(const PlanInputs& in, const TemplateView& tv, const std::string& scheme);
// Same-format schemes with a smaller group (or per-channel) that fit, largest group first.
std::vector<std::string> refits(const PlanInputs& in, const TemplateView& tv, const std::string& scheme);
// Problems for the decided schemes: group vs in_features, schemes that fail whatever the model.
void check_layer_shapes(const PlanInputs& in, Plan& p);
// A KV-cache scheme whose template KV layers are absent or all excluded.
std::optional<Problem> kv_layers_problem(const PlanInputs& in, const TemplateView& tv, const std::string& kv);

}  // namespace plan::detail
