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

std::optional<artifacts::PythonIdentity> python_identity(const std::string& python) {
  auto file = resolve(python);
  if (!file) return std::nullopt;
  auto real = core::real_path(*file);
  if (!real) return std::nullopt;
  auto digest = core::sha256_file_hex(*real);
  if (!digest) return std::nullopt;
  return artifacts::PythonIdentity{python, real->string(), *digest};
}

std::optional<std::string> text_digest(const std::string& text) {
  if (text.empty() || !core::is_regular_file(text)) return std::nullopt;
  auto digest = core::sha256_file_hex(text);
  return digest ? std::optional<std::string>(*digest) : std::nullopt;
}

core::Error changed(const std::string& what) {
  return core::make_error(core::ExitCode::stale, "workflow.evaluator_changed").with("change", what);
}

}  // namespace

artifacts::EvaluatorBound evaluator_inputs(const std::string& python, const std::string& text) {
  return {text_digest(text), python_identity(python)};
}

core::Result<void> check_evaluator_unchanged(const artifacts::Evaluator& evaluator) {
  if (!evaluator.bound) return changed("the manifest was prepared before the evaluator's inputs were bound; prepare again");
  const std::string& python = evaluator.python;
  const std::string& text = evaluator.text;
  const artifacts::EvaluatorBound& bound = *evaluator.bound;
  const artifacts::EvaluatorBound now = evaluator_inputs(python, text);
  if (!bound.text_sha256 || bound.text_sha256 != now.text_sha256) {
    return changed("the held-out text " + text + " is not the one approved (its content changed, or it is gone)");
  }
  if (!bound.python_identity || bound.python_identity != now.python_identity) {
    return changed("the evaluator's interpreter " + python +
                   " is not the one approved (it resolves to another file, or that file changed)");
  }
  return core::ok();
}

}  // namespace workflow
