// Internal to the planner: one function per decision, shared by planner.cpp and
// planner_data.cpp. Not for use outside src/plan.
#pragma once

#include <string>
#include <vector>

#include "core/text.h"
#include "plan/planner.h"

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
void decide_calibration(const PlanInputs& in, Plan& p);
void decide_evaluation(const PlanInputs& in, Plan& p);
void decide_device(const PlanInputs& in, Plan& p);
void decide_remote_code(const PlanInputs& in, Plan& p);
void check_coverage(const PlanInputs& in, Plan& p);

}  // namespace plan::detail
