// A starting --template_file (Quark 0.13 JSON: model_type, kv_layers_name, q_layer_name,
// gate_up_layers_name, exclude_layers_name) for a model_type without a built-in template,
// derived from the module inventory the plan is checked against. Written into the workdir only on --write-template.
#pragma once

#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"
#include "plan/module_inventory.h"
#include "workflow/workdir.h"

namespace plan {

// `modules`: the ones the plan is checked against (the oracle's, else the analysis').
core::Json template_file_json(const std::string& model_type, const std::vector<Module>& modules);

// <workdir>/quark_template_<model_type>.json
std::string template_file_path(const workflow::Workdir& wd, const std::string& model_type);

core::Result<void> write_template_file(const std::string& path, const core::Json& doc);

}  // namespace plan
