#include "manifest/evaluator_python.h"

#include <algorithm>

#include "core/fs.h"

namespace manifest {

namespace {

std::string message_id(const char* name) { return std::string("manifest.") + name; }

}  // namespace

core::Result<EvaluatorPython> choose_evaluator_python(const std::string& given, const std::string& quark_python,
                                                      const envprobe::EnvGetter& getenv, const std::filesystem::path& self_dir,
                                                      const EvalCheck& check) {
  EvaluatorPython out;
  if (!given.empty()) {
    QPTQ_TRY_ASSIGN(envprobe::PythonEnv e, envprobe::resolve_python_env(given, getenv));
    QPTQ_TRY_ASSIGN(envprobe::EvalReadiness r, check(e.python));
    out.python = e.python;
    if (!r.ready) {
      out.problems.push_back({"evaluation_python_cannot_load",
                              true,
                              message_id("problem_evaluation_python_cannot_load"),
                              {{"python", e.python}, {"why", r.why}},
                              r.why,
                              "transformers that can load a Quark export"});
    }
    return out;
  }
  std::vector<std::string> candidates;
  auto add = [&candidates](const std::string& p) {
    if (!p.empty() && core::is_regular_file(p) && std::find(candidates.begin(), candidates.end(), p) == candidates.end())
      candidates.push_back(p);
  };
  add(quark_python);
  for (const char* var : {"VIRTUAL_ENV", "CONDA_PREFIX"}) {
    if (auto dir = getenv(var); dir && !dir->empty()) add((std::filesystem::path(*dir) / "bin" / "python").string());
  }
  if (!self_dir.empty()) add((self_dir.parent_path() / ".venv-quark" / "bin" / "python").string());
  std::string first_why;
  for (const auto& python : candidates) {
    QPTQ_TRY_ASSIGN(envprobe::EvalReadiness r, check(python));
    if (r.ready) {
      out.python = python;
      if (python != quark_python && !quark_python.empty()) {
        out.problems.push_back({"evaluation_python_chosen",
                                false,
                                message_id("problem_evaluation_python_chosen"),
                                {{"python", python}, {"quark_python", quark_python}, {"why", first_why}},
                                python,
                                quark_python});
      }
      return out;
    }
    if (first_why.empty()) first_why = r.why;
  }
  out.python = quark_python;
  out.problems.push_back(
      {"evaluation_python_cannot_load",
       true,
       message_id("problem_evaluation_python_cannot_load"),
       {{"python", quark_python.empty() ? "-" : quark_python}, {"why", first_why.empty() ? "no Python found" : first_why}},
       first_why,
       "transformers that can load a Quark export"});
  return out;
}

}  // namespace manifest
