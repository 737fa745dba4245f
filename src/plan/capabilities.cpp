#include "plan/capabilities.h"

#include <algorithm>

#include "knowledge/release_data.h"
#include "knowledge/templates.h"

namespace plan {

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

core::Result<void> load_facts(Capabilities& caps) {
  QPTQ_TRY_ASSIGN(caps.scheme_facts, knowledge::SchemeCatalog::load(caps.release));
  QPTQ_TRY_ASSIGN(caps.algorithm_facts, knowledge::AlgorithmCatalog::load(caps.release));
  QPTQ_TRY_ASSIGN(caps.datasets, knowledge::DatasetCatalog::load(caps.release));
  QPTQ_TRY_ASSIGN(caps.kv_cache, knowledge::KvCacheFacts::load(caps.release));
  QPTQ_TRY_ASSIGN(caps.renames, knowledge::CliRenames::load(caps.release));
  return core::ok();
}

// The release's shipped template list (knowledge::template_set), with the algorithms that
// have a per-model config for each template.
core::Result<void> load_shipped_templates(Capabilities& caps) {
  QPTQ_TRY_ASSIGN(const knowledge::TemplateSet* set, knowledge::template_set(caps.release));
  caps.templates_known = true;
  for (const auto& [model_type, t] : set->templates) {
    caps.templates.push_back(model_type);
    TemplateFacts f;
    f.kv_layers_name = t.kv_layers_name;
    f.q_layer_name = t.q_layer_name;
    f.exclude_layers_name = t.exclude_layers_name;
    for (const auto& a : caps.algorithm_facts.all()) {
      if (a.has_config_for(model_type)) {
        f.algorithms_with_config.push_back(a.name);
      }
    }
    caps.per_template[model_type] = std::move(f);
  }
  return core::ok();
}

}  // namespace

bool Capabilities::has_template(const std::string& model_type) const { return contains(templates, model_type); }

const TemplateFacts* Capabilities::template_for(const std::string& model_type) const {
  auto it = per_template.find(model_type);
  return it == per_template.end() ? nullptr : &it->second;
}

bool Capabilities::supports_scheme(const std::string& scheme) const { return contains(schemes, scheme); }

bool Capabilities::supports_algorithm(const std::string& algo) const { return contains(algorithms, algo); }

bool Capabilities::algorithm_has_config(const std::string& algo, const std::string& model_type) const {
  if (const TemplateFacts* t = template_for(model_type)) {
    return contains(t->algorithms_with_config, algo);
  }
  const knowledge::Algorithm* a = algorithm_facts.find(algo);
  return a != nullptr && a->has_config_for(model_type);
}

std::vector<std::string> Capabilities::models_with_config(const std::string& algo) const {
  std::vector<std::string> out;
  if (!per_template.empty()) {
    for (const auto& [mt, facts] : per_template) {
      if (contains(facts.algorithms_with_config, algo)) {
        out.push_back(mt);
      }
    }
    return out;
  }
  if (const knowledge::Algorithm* a = algorithm_facts.find(algo)) {
    out = a->model_types_with_config;
  }
  return out;
}

bool Capabilities::has_cli_flag(const std::string& flag) const { return help.has_flag(flag); }

std::vector<std::string> Capabilities::dataset_choices() const {
  if (const auto* c = help.choices_for("--dataset")) {
    return *c;
  }
  return datasets.names();
}

core::Result<Capabilities> shipped_capabilities(const std::string& version) {
  QPTQ_TRY_ASSIGN(knowledge::ReleaseMatch match, knowledge::match_release(version));
  Capabilities caps;
  caps.source = CapabilitySource::shipped;
  caps.verified = false;
  caps.quark_version = version;
  caps.release = match.release;
  caps.release_exact = match.exact;
  QPTQ_TRY(load_facts(caps));
  caps.schemes = caps.scheme_facts.names();
  caps.algorithms = caps.algorithm_facts.names();
  caps.kv_cache_effective = caps.kv_cache.effective;
  caps.help.flags = caps.renames.cli_flags;
  caps.help.choices["--dataset"] = caps.datasets.names();
  caps.help.choices["--kv_cache_dtype"] = caps.kv_cache.cli_choices;
  caps.help.choices["--evaluation_dataset"] = caps.datasets.evaluation();
  QPTQ_TRY(load_shipped_templates(caps));
  return caps;
}

core::Result<Capabilities> installed_capabilities(const ProbeResult& probe, const HelpInfo& help) {
  QPTQ_TRY_ASSIGN(knowledge::ReleaseMatch match, knowledge::match_release(probe.quark_version()));
  Capabilities caps;
  caps.source = CapabilitySource::installed;
  caps.verified = probe.complete;
  caps.quark_version = probe.quark_version();
  caps.release = match.release;
  caps.release_exact = match.exact;
  caps.python = probe.executable;
  caps.quark_cli = probe.quark_cli;
  caps.versions = probe.versions;
  QPTQ_TRY(load_facts(caps));
  caps.templates_known = !probe.templates.empty();
  caps.templates = probe.templates;
  caps.per_template = probe.per_template;
  caps.schemes = probe.schemes;
  caps.algorithms = probe.algorithms;
  caps.kv_cache_effective = probe.kv_cache_schemes.empty() ? caps.kv_cache.effective : probe.kv_cache_schemes;
  caps.probe_errors = probe.errors;
  caps.help = help;
  // A probe that could not read a list leaves it to the shipped knowledge (and verified false).
  if (caps.schemes.empty()) {
    caps.schemes = caps.scheme_facts.names();
  }
  if (caps.algorithms.empty()) {
    caps.algorithms = caps.algorithm_facts.names();
  }
  return caps;
}

}  // namespace plan
