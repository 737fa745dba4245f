#include "plan/rules.h"

#include "core/embedded.h"

namespace plan {

namespace {

core::Json load(std::string_view path) {
  auto text = core::embedded_file(path);
  if (!text) {
    return core::Json::object();
  }
  auto parsed = core::parse_json(*text, path);
  return parsed ? *parsed : core::Json::object();
}

}  // namespace

const core::Json& plan_rules() {
  static const core::Json doc = load("knowledge/plan/rules.json");
  return doc;
}

const core::Json& targets_table() {
  static const core::Json doc = load("knowledge/plan/targets.json");
  return doc;
}

std::vector<std::string> rule_list(const char* table, const std::string& priority, const std::string& key) {
  const core::Json* t = core::json_object(plan_rules(), table);
  if (t == nullptr) {
    return {};
  }
  const core::Json* per = core::json_object(*t, priority);
  return per == nullptr ? std::vector<std::string>{} : core::json_string_list(*per, key);
}

}  // namespace plan
