// What the plan may use: the installed Quark's answers (probe + --help) when there is one,
// otherwise the shipped knowledge for --quark-version (then nothing is verified). Scheme
// facts (formats, bytes, native hardware) always come from the shipped knowledge of the
// nearest release; support itself comes from the installed Quark whenever it was probed.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "knowledge/algorithms.h"
#include "knowledge/calib_datasets.h"
#include "knowledge/kv_cache.h"
#include "knowledge/renames.h"
#include "knowledge/schemes.h"
#include "plan/help_parser.h"
#include "plan/probe_result.h"

namespace plan {

enum class CapabilitySource { installed, shipped };

struct Capabilities {
  CapabilitySource source = CapabilitySource::shipped;
  bool verified = false;      // probe and --help both read from the installed Quark
  std::string quark_version;  // installed version, or the one asked for
  std::string release;        // shipped knowledge release used for facts
  bool release_exact = true;  // quark_version's major.minor is that release
  std::string python;         // interpreter probed ("" when shipped)
  std::string quark_cli;
  std::map<std::string, std::string> versions;  // package versions seen by the probe

  bool templates_known = false;  // false: no template list (shipped knowledge lacks it)
  std::vector<std::string> templates;
  std::map<std::string, TemplateFacts> per_template;
  std::vector<std::string> schemes;
  std::vector<std::string> algorithms;
  std::vector<std::string> kv_cache_effective;
  std::vector<std::string> probe_errors;
  HelpInfo help;  // installed --help, or the release's flags without choices

  knowledge::SchemeCatalog scheme_facts;
  knowledge::AlgorithmCatalog algorithm_facts;
  knowledge::DatasetCatalog datasets;
  knowledge::KvCacheFacts kv_cache;
  knowledge::CliRenames renames;

  bool has_template(const std::string& model_type) const;
  const TemplateFacts* template_for(const std::string& model_type) const;
  bool supports_scheme(const std::string& scheme) const;
  bool supports_algorithm(const std::string& algo) const;
  // Installed: the template's algo_config; shipped: algorithms.json.
  bool algorithm_has_config(const std::string& algo, const std::string& model_type) const;
  std::vector<std::string> models_with_config(const std::string& algo) const;
  bool has_cli_flag(const std::string& flag) const;
  // --dataset choices: the installed --help's, else the release's list.
  std::vector<std::string> dataset_choices() const;
};

// From shipped knowledge only (no Quark installed): `version` as given to --quark-version.
core::Result<Capabilities> shipped_capabilities(const std::string& version);

// From a probe of the installed Quark plus its parsed --help.
core::Result<Capabilities> installed_capabilities(const ProbeResult& probe, const HelpInfo& help);

}  // namespace plan
