#include "flow/recorded_run.h"

namespace flow {

RecordedRun recorded_run(const core::Json& manifest) {
  RecordedRun r;
  if (const core::Json* run = core::json_object(manifest, "run")) {
    r.run = manifest::read_run_view(*run);
    if (const core::Json* d = core::json_object(*run, "diagnosis")) r.diagnosis = diagnose::Diagnosis::from_json(*d);
  }
  r.unpassed_checks = manifest::unpassed_checks(manifest);
  r.blocking_problems = manifest::blocking_problems(manifest);
  return r;
}

}  // namespace flow
