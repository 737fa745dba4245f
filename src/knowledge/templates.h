// Quark's built-in LLM templates per known Quark release, from the shipped data under
// knowledge/quark/<version>/templates.json (the installed Quark is authoritative later; this
// is what we know without one). A template is looked up by config.model_type, as Quark does.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace knowledge {

struct QuarkTemplate {
  std::string model_type;
  std::vector<std::string> kv_layers_name;
  std::vector<std::string> q_layer_name;
  std::vector<std::string> gate_up_layers_name;
  std::vector<std::string> exclude_layers_name;  // the template's default exclusions
};

struct TemplateSet {
  std::string quark_version;
  std::string source;     // where the list was read from
  bool verified = false;  // false: repeated from a neighbouring release, not read for this one
  std::map<std::string, QuarkTemplate, std::less<>> templates;
};

// The shipped set for one release (knowledge::shipped_releases() lists them); bad_input "knowledge.unknown_quark_version" when none is
// shipped, internal "knowledge.data_invalid" when the embedded file is broken.
core::Result<const TemplateSet*> template_set(std::string_view quark_version);

// nullopt when that version has no template for model_type (or the version is unknown).
std::optional<QuarkTemplate> find_template(std::string_view quark_version, std::string_view model_type);

}  // namespace knowledge
