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

// What the planner takes from a --template_file the person names: its exclusions, its KV cache
// layers, and whether it brings its own configuration of an algorithm.
struct TemplateFileFacts {
  std::vector<std::string> exclude_layers;
  std::vector<std::string> kv_layers;
  std::vector<std::string> configured_algorithms;  // keys of algorithm_configs
};
TemplateFileFacts template_file_facts(const core::Json& doc);

}  // namespace plan
