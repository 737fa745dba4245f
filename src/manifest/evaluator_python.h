// Which Python runs step 4's evaluation. It must be able to load what quark-cli exports, and an
// environment that quantizes may not (amd-quark 0.12.post1 quantizes on a CPU host, but its
// transformers cannot load the export), which would be found only after the whole run. So
// prepare asks each candidate (envprobe::check_eval_python) and records the first that can:
// the person's --eval-python alone when given (never replaced behind their back); otherwise
// quark-cli's own interpreter, then the environments the person activated ($VIRTUAL_ENV,
// $CONDA_PREFIX), then the quick start's .venv-quark beside this quark-ptq. Only places the
// person chose or installed are tried, never one found in the working directory.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "envprobe/checks.h"
#include "envprobe/eval_readiness.h"
#include "envprobe/python_env.h"

namespace manifest {

struct EvaluatorPython {
  std::string python;                       // the interpreter recorded ("" none could)
  std::vector<envprobe::Problem> problems;  // blocking when none can; a note when another was chosen
};

using EvalCheck = std::function<core::Result<envprobe::EvalReadiness>(const std::string& python)>;

// `given`: --eval-python as given ("" none); `quark_python`: the interpreter quark-cli runs under;
// `self_dir`: the directory of the running quark-ptq (the quick start's layout is its parent).
core::Result<EvaluatorPython> choose_evaluator_python(const std::string& given, const std::string& quark_python,
                                                      const envprobe::EnvGetter& getenv, const std::filesystem::path& self_dir,
                                                      const EvalCheck& check);

}  // namespace manifest
