// What `quark-cli torch-llm-ptq` needs from the Python environment per amd-quark release,
// and where the CLI's datasets live on the Hugging Face Hub (knowledge/environment.json).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace knowledge {

struct PackageRequirement {
  std::string name;
  std::string spec;  // PEP 440 specifier; "" when any version does
  std::string fix;   // English, one line
};

struct ReleaseRequirements {
  std::string python;  // specifier of the interpreter version
  std::vector<PackageRequirement> packages;
  bool cpu_only_works = false;  // the release quantizes on a host without a GPU (real runs)
};

// A CLI dataset name's Hub repo, config and split.
struct HubDataset {
  std::string repo_id;
  std::string config;
  std::string split;
  std::string stage_as;  // quark-ptq data stage --as <this>, when supported; else ""
};

struct EnvironmentFacts {
  std::map<std::string, ReleaseRequirements, std::less<>> requirements;  // by release ("0.13")
  std::string default_quark_version;                                     // whose requirements apply when nothing else tells
  // The oldest Linux NVIDIA driver a CUDA build of each major runs on ("12" -> "525.60.13").
  std::map<std::string, std::string, std::less<>> nvidia_driver_minimum;
  std::map<std::string, HubDataset, std::less<>> calibration_datasets;
  std::map<std::string, HubDataset, std::less<>> evaluation_datasets;

  // nullptr when the table does not name it.
  const HubDataset* dataset(std::string_view cli_name, bool evaluation) const;
};

// Parsed once; internal "knowledge.data_invalid" naming the first missing field.
core::Result<const EnvironmentFacts*> environment_facts();

}  // namespace knowledge
