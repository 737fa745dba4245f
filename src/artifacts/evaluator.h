// The manifest's `evaluator` section (manifest/evaluator_block.cpp builds it at prepare): what
// step 4's own evaluation runs with - the interpreter, the source and the output it compares,
// the held-out text and the settings - as checkpoint 3 approved it (the command digest covers
// the section), and what the text and the interpreter were when prepared (`bound`, compared
// again just before the evaluation by workflow::check_evaluator_unchanged).
#pragma once

#include <optional>
#include <string>

#include "artifacts/quant_plan.h"
#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

// evaluator.bound.python_identity: the interpreter by the file it resolves to.
struct PythonIdentity {
  std::string path;  // as given (a path, or a name found on PATH)
  std::string realpath;
  std::string sha256;
  bool operator==(const PythonIdentity&) const = default;
};

// evaluator.bound: each unset (null) where the file could not be read at prepare.
struct EvaluatorBound {
  std::optional<std::string> text_sha256;
  std::optional<PythonIdentity> python_identity;
  bool operator==(const EvaluatorBound&) const = default;
};

struct Evaluator {
  std::string python;
  std::string source;
  std::string output;
  std::string text;  // "" when the plan gave none (written as null)
  // The plan's `evaluation` section without its text (recorded on its own above).
  PlanEvaluation settings;
  std::optional<EvaluatorBound> bound;  // unset in manifests prepared before the binding

  // The one encoding: from_json(to_json()) gives this record again.
  core::Json to_json() const;
  // artifacts.field_invalid naming the field ("evaluator/python is not a string").
  static core::Result<Evaluator> from_json(const core::Json& section);
};

}  // namespace artifacts
