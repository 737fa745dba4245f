#include "plan/template_file.h"

#include <algorithm>
#include <set>

#include "core/atomic_file.h"
#include "plan/exclusion_patterns.h"

namespace plan {

namespace {

std::string leaf(const std::string& name) {
  auto dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

}  // namespace

core::Json template_file_json(const std::string& model_type, const std::vector<Module>& modules) {
  std::set<std::string> leaves;
  std::vector<std::string> routers;
  std::vector<std::string> towers;
  bool has_lm_head = false;
  for (const auto& m : modules) {
    leaves.insert(leaf(m.name));
    has_lm_head = has_lm_head || m.role == "lm_head";
    if (m.role == "router") routers.push_back(m.name);
    if (m.role == "vision" || m.role == "audio" || m.role == "projector") towers.push_back(m.name);
  }
  // Every exclusion is checked against these modules: a pattern such as
  // "*vision*" that matches none of Qwen2.5-VL's "visual.*" modules is never written.
  std::vector<std::string> excludes;
  for (const auto& m : modules) {
    if (m.role == "lm_head" && std::find(excludes.begin(), excludes.end(), m.name) == excludes.end()) excludes.push_back(m.name);
  }
  if (!has_lm_head) excludes.push_back("lm_head");  // tied or absent here: harmless as a template default
  for (const auto& r : router_patterns(routers, modules)) excludes.push_back(r);
  for (const auto& t : covering_patterns(towers, modules)) excludes.push_back(t);
  core::Json kv = core::Json::array();
  core::Json q = core::Json::array();
  if (leaves.count("k_proj") && leaves.count("v_proj")) {
    kv = {"*k_proj", "*v_proj"};
  } else if (leaves.count("qkv_proj")) {
    kv = {"*qkv_proj"};
  }
  if (leaves.count("q_proj")) {
    q = {"*q_proj"};
  } else if (leaves.count("qkv_proj")) {
    q = {"*qkv_proj"};
  }
  core::Json gate_up = core::Json::array({"gate_proj", "up_proj"});
  if (leaves.count("w1") && leaves.count("w3")) {
    gate_up = {"w1", "w3"};
  }
  core::Json ex = core::Json::array();
  for (const auto& e : excludes) {
    ex.push_back(e);
  }
  return {{"model_type", model_type},
          {"kv_layers_name", kv},
          {"q_layer_name", q},
          {"gate_up_layers_name", gate_up},
          {"exclude_layers_name", ex}};
}

std::string template_file_path(const workflow::Workdir& wd, const std::string& model_type) {
  return (wd.root / ("quark_template_" + model_type + ".json")).string();
}

core::Result<void> write_template_file(const std::string& path, const core::Json& doc) {
  return core::write_file_atomic(path, core::dump_pretty(doc));
}

TemplateFileFacts template_file_facts(const core::Json& doc) {
  TemplateFileFacts f;
  f.exclude_layers = core::json_string_list(doc, "exclude_layers_name");
  f.kv_layers = core::json_string_list(doc, "kv_layers_name");
  if (const core::Json* configs = core::json_object(doc, "algorithm_configs")) {
    for (const auto& [name, config] : configs->items()) {
      if (config.is_object()) f.configured_algorithms.push_back(name);
    }
  }
  return f;
}

}  // namespace plan
