#include "flow/recorded_run.h"

namespace flow {

RecordedRun recorded_run(const core::Json& manifest) {
  RecordedRun r;
  if (const core::Json* run = core::json_object(manifest, "run")) {
    if (auto typed = artifacts::read_run(*run)) {
      if (typed->diagnosis.is_object()) r.diagnosis = diagnose::Diagnosis::from_json(typed->diagnosis);
      r.run = std::move(*typed);
    }
  }
  r.unpassed_checks = manifest::unpassed_checks(manifest);
  r.blocking_problems = manifest::blocking_problems(manifest);
  return r;
}

}  // namespace flow
