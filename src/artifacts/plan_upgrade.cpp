#include "artifacts/plan_upgrade.h"

#include "artifacts/spellings.h"

namespace artifacts {

namespace {

const std::vector<Spelling>& spellings() {
  static const std::vector<Spelling> table = {
      {"model/model_path", SpellingKind::text, {"model/source"}},
      {"exclude_source", SpellingKind::text, {"exclude_layers_source"}},
      {"calibration/dataset", SpellingKind::text, {"calib_dataset"}},
      {"calibration/num_calib_data", SpellingKind::integer, {"calibration/samples", "num_calib_data"}},
      {"calibration/seq_len", SpellingKind::integer, {"seq_len"}},
      {"calibration/batch_size", SpellingKind::integer, {"batch_size"}},
      {"evaluation_intent", SpellingKind::text, {"evaluation/intent"}},
      {"evaluation_dataset", SpellingKind::text, {"evaluation/dataset"}},
      {"device_strategy", SpellingKind::text, {"device/strategy"}},
      {"multi_device", SpellingKind::flag, {"device/multi_device"}},
      {"trust_remote_code", SpellingKind::flag, {"remote_code/accepted"}},
      {"quark/version", SpellingKind::text, {"quark_version", "quark/installed_version"}},
      {"quark/python", SpellingKind::text, {"python", "environment/python"}},
  };
  return table;
}

// exclude_source from a flag: whether the plan's exclude_layers replace the template's.
void carry_exclusions(core::Json& out, const core::Json& doc) {
  if (value_at(out, "exclude_source") != nullptr) return;
  for (const char* older : {"exclude_layers_overridden", "exclude_layers_override", "exclusions/overridden"}) {
    const core::Json* v = value_at(doc, older);
    if (v == nullptr || !v->is_boolean()) continue;
    out["exclude_source"] = v->get<bool>() ? "user" : "template_default";
    return;
  }
}

// Comma-separated names ("awq, gptq") as a list.
core::Json split_names(const std::string& s) {
  core::Json out = core::Json::array();
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    std::string name = s.substr(start, comma - start);
    const std::size_t first = name.find_first_not_of(" \t");
    const std::size_t last = name.find_last_not_of(" \t");
    if (first != std::string::npos) out.push_back(name.substr(first, last - first + 1));
    start = comma + 1;
  }
  return out;
}

// algorithms: a string of comma-separated names, or the older `algorithm` as a string or a list.
// An `algorithm` list also becomes the string the current field is.
void carry_algorithms(core::Json& out, const core::Json& doc) {
  if (const core::Json* list = value_at(doc, "algorithms"); list != nullptr && list->is_string()) {
    out["algorithms"] = split_names(list->get<std::string>());
  }
  const core::Json* older = value_at(doc, "algorithm");
  if (older == nullptr) return;
  if (value_at(out, "algorithms") == nullptr && older->is_string()) out["algorithms"] = split_names(older->get<std::string>());
  if (value_at(out, "algorithms") == nullptr && older->is_array()) out["algorithms"] = *older;
  if (older->is_array()) {
    std::string joined;
    for (const auto& name : *older) {
      if (name.is_string()) joined += (joined.empty() ? "" : ",") + name.get<std::string>();
    }
    out["algorithm"] = joined.empty() ? core::Json(nullptr) : core::Json(joined);
  }
}

// env_changes as an object {NAME: value} or under an older key: the list [{name, value}].
void carry_env_changes(core::Json& out, const core::Json& doc) {
  const core::Json* env = nullptr;
  for (const char* key : {"env_changes", "environment_changes", "device/env_changes"}) {
    env = value_at(doc, key);
    if (env != nullptr) break;
  }
  if (env == nullptr) return;
  if (env->is_object()) {
    core::Json list = core::Json::array();
    for (const auto& [name, value] : env->items()) {
      if (value.is_string()) list.push_back({{"name", name}, {"value", value}});
    }
    out["env_changes"] = std::move(list);
  } else if (value_at(out, "env_changes") == nullptr) {
    out["env_changes"] = *env;
  }
}

// decisions: older plans called the list decision_table and gave a reason as its words alone.
void carry_decisions(core::Json& out, const core::Json& doc) {
  if (const core::Json* table = value_at(doc, "decision_table");
      table != nullptr && table->is_array() && value_at(out, "decisions") == nullptr) {
    out["decisions"] = *table;
  }
  auto list = out.find("decisions");
  if (list == out.end() || !list->is_array()) return;
  for (auto& d : *list) {
    if (!d.is_object()) continue;
    auto reason = d.find("reason");
    if (reason != d.end() && reason->is_string()) *reason = {{"id", ""}, {"args", core::Json::object()}, {"text", *reason}};
  }
}

}  // namespace

core::Json upgrade_quant_plan(const core::Json& doc) {
  core::Json out = doc;
  if (!out.is_object()) return out;
  // An `evaluation` that is not a section (older plans put the intent there; their readers
  // ignored it) is no evaluation.
  if (const core::Json* e = value_at(doc, "evaluation"); e != nullptr && !e->is_object()) out.erase("evaluation");
  carry_spellings(out, doc, spellings());
  carry_exclusions(out, doc);
  carry_algorithms(out, doc);
  carry_env_changes(out, doc);
  carry_decisions(out, doc);
  return out;
}

core::Result<QuantPlan> read_quant_plan(const core::Json& doc) { return QuantPlan::from_json(upgrade_quant_plan(doc)); }

}  // namespace artifacts
