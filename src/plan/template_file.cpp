#include "plan/template_file.h"

#include <set>

#include "core/atomic_file.h"
#include "plan/module_inventory.h"

namespace plan {

namespace {

std::string leaf(const std::string& name) {
  auto dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

}  // namespace

core::Json template_file_json(const std::string& model_type, const core::Json& analysis) {
  std::set<std::string> leaves;
  std::set<std::string> excludes = {"lm_head"};
  for (const auto& m : inventory_from_analysis(analysis)) {
    leaves.insert(leaf(m.name));
    if (m.role == "router") {
      excludes.insert("*" + m.name.substr(m.name.rfind('.') == std::string::npos ? 0 : m.name.rfind('.')));
    } else if (m.role == "vision" || m.role == "audio" || m.role == "projector") {
      excludes.insert("*" + m.role + "*");
    }
  }
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

}  // namespace plan
