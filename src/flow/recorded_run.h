// What the manifest recorded about step 4, read back into typed values for `status` to show
// beside workflow::WorkflowStatus: the run section, a failed run's diagnosis, the checks the
// verification did not pass and the environment's blocking problems.
#pragma once

#include <optional>
#include <vector>

#include "artifacts/run_manifest.h"
#include "core/json_io.h"
#include "diagnose/rules.h"
#include "manifest/recorded_messages.h"

namespace flow {

struct RecordedRun {
  std::optional<artifacts::Run> run;             // absent without a run section, or one that does not read
  std::optional<diagnose::Diagnosis> diagnosis;  // run.diagnosis, when it reads as one
  std::vector<manifest::UnpassedCheck> unpassed_checks;
  std::vector<manifest::RecordedMessage> blocking_problems;
};

// `manifest` as parsed (null or anything else: nothing recorded).
RecordedRun recorded_run(const core::Json& manifest);

}  // namespace flow
