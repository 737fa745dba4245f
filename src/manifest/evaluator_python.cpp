#include "manifest/evaluator_python.h"

#include <optional>

#include <algorithm>

#include "core/fs.h"

namespace manifest {

namespace {

std::string message_id(const char* name) { return std::string("manifest.") + name; }

}  // namespace

// The problem's arguments with why the check refused ({why:msg}: its message, filled from the
// same arguments), or "no Python found" when nothing was checked.
std::vector<core::MessageArg> why_args(std::vector<core::MessageArg> args, const std::optional<envprobe::EvalReadiness>& refusal) {
  if (!refusal) {
    args.push_back({"why", "envprobe.eval_ready.no_python"});
    return args;
  }
  if (refusal->why_id.empty()) {  // a reason given as text alone
    args.push_back({"why", "envprobe.eval_ready.other"});
    args.push_back({"error", refusal->why});
    return args;
  }
  args.push_back({"why", refusal->why_id});
  args.insert(args.end(), refusal->why_args.begin(), refusal->why_args.end());
  return args;
}

core::Result<EvaluatorPython> choose_evaluator_python(const std::string& given, const std::string& quark_python,
                                                      const envprobe::EnvGetter& getenv, const std::filesystem::path& self_dir,
                                                      const EvalCheck& check) {
  EvaluatorPython out;
  if (!given.empty()) {
    QPTQ_TRY_ASSIGN(envprobe::PythonEnv e, envprobe::resolve_python_env(given, getenv));
    QPTQ_TRY_ASSIGN(envprobe::EvalReadiness r, check(e.python));
    out.python = e.python;
    if (!r.ready) {
      out.problems.push_back({"evaluation_python_cannot_load", true, message_id("problem_evaluation_python_cannot_load"),
                              why_args({{"python", e.python}}, r), r.why, "transformers that can load a Quark export"});
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
  std::optional<envprobe::EvalReadiness> first_refusal;
  for (const auto& python : candidates) {
    QPTQ_TRY_ASSIGN(envprobe::EvalReadiness r, check(python));
    if (r.ready) {
      out.python = python;
      if (python != quark_python && !quark_python.empty()) {
        out.problems.push_back({"evaluation_python_chosen", false, message_id("problem_evaluation_python_chosen"),
                                why_args({{"python", python}, {"quark_python", quark_python}}, first_refusal), python, quark_python});
      }
      return out;
    }
    if (!first_refusal) first_refusal = r;
  }
  out.python = quark_python;
  out.problems.push_back({"evaluation_python_cannot_load", true, message_id("problem_evaluation_python_cannot_load"),
                          why_args({{"python", quark_python.empty() ? "-" : quark_python}}, first_refusal),
                          first_refusal ? first_refusal->why : "no Python found", "transformers that can load a Quark export"});
  return out;
}

}  // namespace manifest
