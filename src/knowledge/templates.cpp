#include "knowledge/templates.h"

#include <mutex>
#include <optional>
#include <utility>

#include <simdjson.h>

#include "core/embedded.h"
#include "core/result.h"
#include "knowledge/data_error.h"
#include "knowledge/release_data.h"

namespace knowledge {

namespace {

// The strings of an array field every template has; nullopt when it is missing, not an array
// or holds anything but strings (the file is then invalid, never read in part).
std::optional<std::vector<std::string>> string_list(simdjson::dom::object o, std::string_view key) {
  std::vector<std::string> out;
  simdjson::dom::array arr;
  if (o[key].get_array().get(arr) != simdjson::SUCCESS) return std::nullopt;
  for (simdjson::dom::element v : arr) {
    std::string_view str;
    if (v.get_string().get(str) != simdjson::SUCCESS) return std::nullopt;
    out.emplace_back(str);
  }
  return out;
}

// simdjson, not nlohmann: analyze reads every shipped set on every run, and nlohmann took
// about 1 ms of a 6 ms analyze of a small model for these ~40 KB.
core::Result<TemplateSet> parse_set(std::string_view path, std::string_view text) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (auto err = parser.parse(text.data(), text.size()).get(doc); err != simdjson::SUCCESS) {
    return data_invalid(path, simdjson::error_message(err));
  }
  simdjson::dom::object root;
  simdjson::dom::object list;
  std::string_view version;
  if (doc.get_object().get(root) != simdjson::SUCCESS || root["templates"].get_object().get(list) != simdjson::SUCCESS ||
      root["quark_version"].get_string().get(version) != simdjson::SUCCESS) {
    return data_invalid(path, "needs quark_version and templates");
  }
  TemplateSet set;
  set.quark_version = std::string(version);
  std::string_view source;
  bool verified = false;
  if (root["source"].get_string().get(source) != simdjson::SUCCESS || root["verified"].get_bool().get(verified) != simdjson::SUCCESS) {
    return data_invalid(path, "needs source (a string) and verified (a boolean)");
  }
  set.source = std::string(source);
  set.verified = verified;
  for (auto field : list) {
    simdjson::dom::object body;
    if (field.value.get_object().get(body) != simdjson::SUCCESS) {
      return data_invalid(path, "template " + std::string(field.key) + " is not an object");
    }
    QuarkTemplate t;
    t.model_type = std::string(field.key);
    for (auto [key, into] :
         {std::pair{"kv_layers_name", &t.kv_layers_name}, std::pair{"q_layer_name", &t.q_layer_name},
          std::pair{"gate_up_layers_name", &t.gate_up_layers_name}, std::pair{"exclude_layers_name", &t.exclude_layers_name}}) {
      auto names = string_list(body, key);
      if (!names) return data_invalid(path, "template " + t.model_type + ": " + key + " is missing or not a list of strings");
      *into = std::move(*names);
    }
    std::string name = t.model_type;
    if (!set.templates.emplace(name, std::move(t)).second) return data_invalid(path, "template " + name + " is listed twice");
  }
  return set;
}

struct Cache {
  std::map<std::string, core::Result<TemplateSet>, std::less<>> sets;
};

const Cache& cache() {
  static const Cache c = [] {
    Cache out;
    for (const auto& release : shipped_releases()) {
      std::string path = "knowledge/quark/" + release + "/templates.json";
      auto text = core::embedded_file(path);
      out.sets.emplace(release, text ? parse_set(path, *text) : core::Result<TemplateSet>(data_invalid(path, "missing")));
    }
    return out;
  }();
  return c;
}

}  // namespace

core::Result<const TemplateSet*> template_set(std::string_view quark_version) {
  auto it = cache().sets.find(quark_version);
  if (it == cache().sets.end()) {
    return core::make_error(core::ExitCode::bad_input, "knowledge.unknown_quark_version").with("version", std::string(quark_version));
  }
  if (!it->second) return it->second.error();
  return &it->second.value();
}

std::optional<QuarkTemplate> find_template(std::string_view quark_version, std::string_view model_type) {
  auto set = template_set(quark_version);
  if (!set) return std::nullopt;
  auto it = (*set)->templates.find(model_type);
  if (it == (*set)->templates.end()) return std::nullopt;
  return it->second;
}

}  // namespace knowledge
