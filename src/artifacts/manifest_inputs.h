// run_manifest.yaml's sections that say what a prepared run reads and writes: `inputs` (the
// model, where it comes from, its identity), `built_from` (the digests of the analysis and
// the plan it was prepared from) and `outputs` (where it writes). Each with its one writer
// (prepare) and its strict reader; the command digest binds parts of all three.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artifacts/model_identity.h"
#include "artifacts/recorded_number.h"
#include "core/json_io.h"

namespace artifacts {

struct Inputs {
  std::string model;         // as the person named it
  std::string model_source;  // local | huggingface_id
  std::optional<std::string> revision;
  std::string workdir;
  std::string analysis = "model_analysis.json";
  std::string plan = "quant_plan.json";
  bool trust_remote_code = false;
  std::optional<ModelIdentity> model_identity;  // left out by releases before it was recorded

  bool model_is_local() const { return model_source == "local"; }
  core::Json to_json() const;
  static Inputs read(const core::Json& j, std::string* error);
};

struct BuiltFrom {
  std::string analysis_digest;
  std::string plan_digest;

  core::Json to_json() const;
  static BuiltFrom read(const core::Json& j, std::string* error);
};

struct Outputs {
  std::string output_dir;
  bool exists = false;  // when prepared
  bool overwrite = false;
  std::vector<std::string> expected_files;
  Number estimated_size_gib;

  core::Json to_json() const;
  static Outputs read(const core::Json& j, std::string* error);
};

}  // namespace artifacts
