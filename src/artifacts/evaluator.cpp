#include "artifacts/evaluator.h"

#include "artifacts/fields.h"
#include "artifacts/json_write.h"

namespace artifacts {

core::Json Evaluator::to_json() const {
  core::Json j = {
      {"python", python}, {"source", source}, {"output", output}, {"text", text.empty() ? core::Json(nullptr) : core::Json(text)}};
  core::Json s = artifacts::to_json(settings);
  s.erase("text");  // recorded beside the settings, not in them
  j["settings"] = std::move(s);
  if (bound) {
    const auto& id = bound->python_identity;
    j["bound"] = {
        {"text_sha256", or_null(bound->text_sha256)},
        {"python_identity", id ? core::Json{{"path", id->path}, {"realpath", id->realpath}, {"sha256", id->sha256}} : core::Json(nullptr)}};
  }
  return j;
}

core::Result<Evaluator> Evaluator::from_json(const core::Json& section) {
  std::string error;
  Fields f(section, "evaluator", &error);
  Evaluator e;
  e.python = f.text("python").value_or("");
  e.source = f.text("source").value_or("");
  e.output = f.text("output").value_or("");
  e.text = f.text("text").value_or("");
  if (const core::Json* settings = f.object("settings")) e.settings = plan_evaluation_of(*settings, f.path("settings"), &error);
  if (const core::Json* bound = f.object("bound")) {
    Fields b(*bound, f.path("bound"), &error);
    EvaluatorBound out;
    out.text_sha256 = b.text("text_sha256");
    if (const core::Json* id = b.object("python_identity")) {
      Fields p(*id, b.path("python_identity"), &error);
      out.python_identity = PythonIdentity{p.text("path").value_or(""), p.text("realpath").value_or(""), p.text("sha256").value_or("")};
    }
    e.bound = std::move(out);
  }
  if (!error.empty()) return core::fail(field_invalid("run_manifest.yaml", error));
  return e;
}

}  // namespace artifacts
