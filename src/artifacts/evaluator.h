// The manifest's `evaluator` section read back (manifest/evaluator_block.cpp writes it at
// prepare): what step 4's own evaluation runs with - the interpreter, the source and the output
// it compares, the held-out text and the settings - as checkpoint 3 approved it (the command
// digest covers the section). `bound` (what the inputs were when prepared) stays the
// workflow's to compare (workflow::check_evaluator_unchanged).
#pragma once

#include <optional>
#include <string>

#include "core/json_io.h"
#include "core/result.h"

namespace artifacts {

struct Evaluator {
  std::string python;
  std::string source;
  std::string output;
  std::string text;                            // "" when the plan gave none (written as null)
  core::Json settings = core::Json::object();  // evaluate::settings_from_json reads it
  // artifacts.field_invalid naming the field ("evaluator/python is not a string").
  static core::Result<Evaluator> from_json(const core::Json& section);
};

}  // namespace artifacts
