// The `quark-ptq plan` options a plan was built with, recorded in quant_plan.json (`options`,
// `command`) so that the manifest's steps[] say what was run, and pasting the command gives
// the same plan back.
#pragma once

#include <string>

#include "core/json_io.h"
#include "plan/options.h"

namespace plan {

// The options as given (unset ones left out; priority always: it has a default).
core::Json options_to_json(const PlanOptions& o, const std::string& template_file);
// "quark-ptq plan --priority balanced --target mi300x ...", each word shell-quoted.
std::string plan_command(const PlanOptions& o, const std::string& template_file);

}  // namespace plan
