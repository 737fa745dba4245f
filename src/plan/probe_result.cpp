#include "plan/probe_result.h"

namespace plan {

namespace {

TemplateFacts template_from_json(const core::Json& j) {
  TemplateFacts t;
  t.kv_layers_name = core::json_string_list(j, "kv_layers_name");
  // q_layer_name is a string or a list in Quark.
  if (auto single = core::json_string(j, "q_layer_name")) {
    t.q_layer_name = {*single};
  } else {
    t.q_layer_name = core::json_string_list(j, "q_layer_name");
  }
  t.exclude_layers_name = core::json_string_list(j, "exclude_layers_name");
  t.algorithms_with_config = core::json_string_list(j, "algorithms_with_config");
  return t;
}

core::Result<core::Json> last_json_object(std::string_view text, std::string_view source) {
  auto whole = core::parse_json(text, source);
  if (whole && whole->is_object()) {
    return whole;
  }
  // Fall back to the last line that is a JSON object.
  std::size_t end = text.size();
  while (end > 0) {
    std::size_t start = text.rfind('\n', end - 1);
    std::size_t from = start == std::string_view::npos ? 0 : start + 1;
    std::string_view line = text.substr(from, end - from);
    if (!line.empty() && line.front() == '{') {
      auto parsed = core::parse_json(line, source);
      if (parsed && parsed->is_object()) {
        return parsed;
      }
    }
    if (start == std::string_view::npos) {
      break;
    }
    end = start;
  }
  return core::make_error(core::ExitCode::env_not_ready, "plan.probe_unparsable").with("source", std::string(source));
}

}  // namespace

std::string ProbeResult::quark_version() const {
  auto it = versions.find("amd-quark");
  return it == versions.end() ? "" : it->second;
}

core::Result<ProbeResult> parse_probe(std::string_view text, std::string_view source) {
  QPTQ_TRY_ASSIGN(core::Json doc, last_json_object(text, source));
  ProbeResult r;
  if (const core::Json* v = core::json_object(doc, "versions")) {
    for (auto it = v->begin(); it != v->end(); ++it) {
      if (it.value().is_string()) {
        r.versions[it.key()] = it.value().get<std::string>();
      }
    }
  }
  r.executable = core::json_string(doc, "executable").value_or("");
  r.quark_cli = core::json_string(doc, "quark_cli").value_or("");
  r.quark_installed = !r.quark_version().empty();
  r.templates = core::json_string_list(doc, "templates");
  r.schemes = core::json_string_list(doc, "schemes");
  r.algorithms = core::json_string_list(doc, "algorithms");
  r.kv_cache_schemes = core::json_string_list(doc, "kv_cache_schemes");
  if (const core::Json* pt = core::json_object(doc, "per_template")) {
    for (auto it = pt->begin(); it != pt->end(); ++it) {
      if (it.value().is_object()) {
        r.per_template[it.key()] = template_from_json(it.value());
      }
    }
  }
  if (auto help = core::json_string(doc, "torch_llm_ptq_help")) r.torch_llm_ptq_help = std::move(*help);
  r.errors = core::json_string_list(doc, "errors");
  r.complete = r.quark_installed && core::json_array(doc, "templates") != nullptr && core::json_array(doc, "schemes") != nullptr &&
               core::json_array(doc, "algorithms") != nullptr;
  return r;
}

}  // namespace plan
