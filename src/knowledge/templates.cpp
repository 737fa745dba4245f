#include "knowledge/templates.h"

#include <mutex>

#include "core/embedded.h"
#include "core/json_io.h"
#include "knowledge/release_data.h"

namespace knowledge {

namespace {

core::Error data_invalid(std::string_view path, std::string_view why) {
  return core::make_error(core::ExitCode::internal, "knowledge.data_invalid")
      .with("path", std::string(path))
      .with_detail(std::string(why));
}

core::Result<TemplateSet> parse_set(std::string_view path, std::string_view text) {
  QPTQ_TRY_ASSIGN(core::Json doc, core::parse_json(text, path));
  const core::Json* list = core::json_object(doc, "templates");
  auto version = core::json_string(doc, "quark_version");
  if (list == nullptr || !version) return data_invalid(path, "needs quark_version and templates");
  TemplateSet set;
  set.quark_version = *version;
  set.source = core::json_string(doc, "source").value_or("");
  set.verified = core::json_bool(doc, "verified").value_or(false);
  for (auto it = list->begin(); it != list->end(); ++it) {
    if (!it.value().is_object()) return data_invalid(path, "template " + it.key() + " is not an object");
    QuarkTemplate t;
    t.model_type = it.key();
    t.kv_layers_name = core::json_string_list(it.value(), "kv_layers_name");
    t.q_layer_name = core::json_string_list(it.value(), "q_layer_name");
    t.gate_up_layers_name = core::json_string_list(it.value(), "gate_up_layers_name");
    t.exclude_layers_name = core::json_string_list(it.value(), "exclude_layers_name");
    set.templates.emplace(t.model_type, std::move(t));
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
    return core::make_error(core::ExitCode::bad_input, "knowledge.unknown_quark_version")
        .with("version", std::string(quark_version));
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
