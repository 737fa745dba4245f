#include "artifacts/evaluator.h"

#include "artifacts/fields.h"

namespace artifacts {

core::Result<Evaluator> Evaluator::from_json(const core::Json& section) {
  std::string error;
  Fields f(section, "evaluator", &error);
  Evaluator e;
  e.python = f.text("python").value_or("");
  e.source = f.text("source").value_or("");
  e.output = f.text("output").value_or("");
  e.text = f.text("text").value_or("");
  if (const core::Json* settings = f.object("settings")) e.settings = *settings;
  if (!error.empty()) return core::fail(field_invalid("run_manifest.yaml", error));
  return e;
}

}  // namespace artifacts
