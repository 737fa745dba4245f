#include "artifacts/prepared_manifest.h"

#include "artifacts/fields.h"

namespace artifacts {

namespace {

constexpr std::string_view kFile = "run_manifest.yaml";

PreparedSections read_sections(const core::Json& manifest, std::string* error) {
  Fields top(manifest, "", error);
  PreparedSections s;
  if (const core::Json* j = top.object("inputs")) s.inputs = Inputs::read(*j, error);
  if (const core::Json* j = top.object("outputs")) s.outputs = Outputs::read(*j, error);
  if (const core::Json* j = top.object("built_from")) s.built_from = BuiltFrom::read(*j, error);
  if (const core::Json* j = top.object("environment")) s.environment = EnvironmentRecord::read(*j, error);
  if (const core::Json* j = top.object("estimate")) s.estimate = EstimateRecord::read(*j, error);
  return s;
}

}  // namespace

core::Json PreparedManifest::to_json() const {
  core::Json doc = {
      {"artifact", "run_manifest"},
      {"schema_version", 1},
      {"quark_ptq_version", quark_ptq_version},
      {"workflow", "quark-torch-ptq"},
      {"created_at", created_at},
      {"inputs", inputs.to_json()},
      {"outputs", outputs.to_json()},
      {"built_from", built_from.to_json()},
      {"environment", environment.to_json()},
      {"estimate", estimate.to_json()},
      {"command", command.to_json()},
      {"steps", steps},
      {"checkpoints", checkpoints},
  };
  if (executor) doc["executor"] = executor->to_json();
  if (!evaluator.is_null()) doc["evaluator"] = evaluator;
  if (!history.empty()) doc["history"] = history;
  return doc;
}

core::Result<PreparedSections> PreparedSections::from_json(const core::Json& manifest) {
  std::string error;
  PreparedSections s = read_sections(manifest, &error);
  if (!error.empty()) return core::fail(field_invalid(kFile, error));
  return s;
}

core::Json recorded_history(const core::Json& manifest) {
  auto it = manifest.find("history");  // end() for a document that is not an object
  return it != manifest.end() && it->is_array() ? *it : core::Json::array();
}

PreparedSections prepared_sections_as_read(const core::Json& manifest) {
  std::string ignored;
  return read_sections(manifest, &ignored);
}

}  // namespace artifacts
