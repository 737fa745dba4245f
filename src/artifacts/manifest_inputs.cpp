#include "artifacts/manifest_inputs.h"

#include "artifacts/fields.h"
#include "artifacts/json_write.h"

namespace artifacts {

core::Json Inputs::to_json() const {
  core::Json out = {{"model", model},
                    {"model_source", model_source},
                    {"revision", or_null(revision)},
                    {"workdir", workdir},
                    {"analysis", analysis},
                    {"plan", plan},
                    {"trust_remote_code", trust_remote_code}};
  if (model_identity) out["model_identity"] = model_identity->to_json();
  return out;
}

Inputs Inputs::read(const core::Json& j, std::string* error) {
  Fields f(j, "inputs", error);
  Inputs in;
  in.model = f.text("model").value_or("");
  in.model_source = f.text("model_source").value_or("");
  in.revision = f.text("revision");
  in.workdir = f.text("workdir").value_or("");
  in.analysis = f.text("analysis").value_or("model_analysis.json");
  in.plan = f.text("plan").value_or("quant_plan.json");
  in.trust_remote_code = f.flag("trust_remote_code").value_or(false);
  if (const core::Json* identity = f.object("model_identity")) {
    in.model_identity = ModelIdentity::read(*identity, f.path("model_identity"), error);
  }
  return in;
}

core::Json BuiltFrom::to_json() const { return {{"analysis_digest", analysis_digest}, {"plan_digest", plan_digest}}; }

BuiltFrom BuiltFrom::read(const core::Json& j, std::string* error) {
  Fields f(j, "built_from", error);
  return {f.text("analysis_digest").value_or(""), f.text("plan_digest").value_or("")};
}

core::Json Outputs::to_json() const {
  return {{"output_dir", output_dir},
          {"exists", exists},
          {"overwrite", overwrite},
          {"expected_files", expected_files},
          {"estimated_size_gib", estimated_size_gib.to_json()}};
}

Outputs Outputs::read(const core::Json& j, std::string* error) {
  Fields f(j, "outputs", error);
  Outputs o;
  o.output_dir = f.text("output_dir").value_or("");
  o.exists = f.flag("exists").value_or(false);
  o.overwrite = f.flag("overwrite").value_or(false);
  o.expected_files = f.texts("expected_files");
  o.estimated_size_gib = number_as_recorded(f, j, "estimated_size_gib").value_or(Number());
  return o;
}

}  // namespace artifacts
