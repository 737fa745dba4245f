#include "flow/recorded_run.h"

namespace flow {

RecordedRun recorded_run(const core::Json& manifest) {
  RecordedRun r;
  if (auto typed = artifacts::manifest_run(manifest); typed && *typed) {
    if ((*typed)->diagnosis) r.diagnosis = diagnose::Diagnosis::from_record(*(*typed)->diagnosis);
    r.run = std::move(**typed);
  }
  r.unpassed_checks = manifest::unpassed_checks(manifest);
  r.blocking_problems = manifest::blocking_problems(manifest);
  return r;
}

}  // namespace flow
