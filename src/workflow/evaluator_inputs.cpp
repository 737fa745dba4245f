#include "workflow/evaluator_inputs.h"

#include <cstdlib>

#include "core/fs.h"
#include "core/sha256.h"
#include "core/text.h"

namespace workflow {

namespace {

// The file `python` names: itself when it has a slash, else the first match on PATH (as the
// runner's spawn looks it up).
std::optional<core::fs::path> resolve(const std::string& python) {
  if (python.empty()) return std::nullopt;
  if (python.find('/') != std::string::npos) return core::fs::path(python);
  const char* path = std::getenv("PATH");
  for (const auto& dir : core::split(path != nullptr ? path : "", ':')) {
    core::fs::path candidate = core::fs::path(dir.empty() ? "." : std::string(dir)) / python;
    if (core::is_regular_file(candidate)) return candidate;
  }
  return std::nullopt;
}

core::Json python_identity(const std::string& python) {
  auto file = resolve(python);
  if (!file) return nullptr;
  auto real = core::real_path(*file);
  if (!real) return nullptr;
  auto digest = core::sha256_file_hex(*real);
  if (!digest) return nullptr;
  return {{"path", python}, {"realpath", real->string()}, {"sha256", *digest}};
}

core::Json text_digest(const std::string& text) {
  if (text.empty() || !core::is_regular_file(text)) return nullptr;
  auto digest = core::sha256_file_hex(text);
  return digest ? core::Json(*digest) : core::Json(nullptr);
}

core::Error changed(const std::string& what) {
  return core::make_error(core::ExitCode::stale, "workflow.evaluator_changed").with("change", what);
}

}  // namespace

core::Json evaluator_inputs(const std::string& python, const std::string& text) {
  return {{"text_sha256", text_digest(text)}, {"python_identity", python_identity(python)}};
}

core::Result<void> check_evaluator_unchanged(const core::Json& evaluator) {
  const core::Json* bound = core::json_object(evaluator, "bound");
  if (bound == nullptr) return changed("the manifest was prepared before the evaluator's inputs were bound; prepare again");
  const std::string python = core::json_string(evaluator, "python").value_or("");
  const std::string text = core::json_string(evaluator, "text").value_or("");
  const core::Json now = evaluator_inputs(python, text);
  const core::Json* want_text = core::json_at(*bound, "text_sha256");
  if (want_text == nullptr || want_text->is_null() || *want_text != now["text_sha256"]) {
    return changed("the held-out text " + text + " is not the one approved (its content changed, or it is gone)");
  }
  const core::Json* want_python = core::json_at(*bound, "python_identity");
  if (want_python == nullptr || want_python->is_null() || *want_python != now["python_identity"]) {
    return changed("the evaluator's interpreter " + python +
                   " is not the one approved (it resolves to another file, or that file changed)");
  }
  return core::ok();
}

}  // namespace workflow
