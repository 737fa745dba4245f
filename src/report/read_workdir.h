// The one place report.html's typed inputs are made from the workdir's files: the run
// manifest (its command, run, result and evaluation), the plan (the candidate's name) and the
// analysis (the model's), with the run's liveness and checkpoint 4's acceptance as the workflow
// judges them. The renderer never sees JSON.
#pragma once

#include "core/json_io.h"
#include "core/result.h"
#include "report/candidate.h"
#include "workflow/run_liveness.h"
#include "workflow/workdir.h"

namespace report {

// What the report is made from, already read.
struct Sources {
  core::Json manifest;                        // run_manifest.yaml
  core::Json plan = core::Json(nullptr);      // quant_plan.json; null when unreadable
  core::Json analysis = core::Json(nullptr);  // model_analysis.json; null when unreadable
  workflow::RunState run;                     // the run's phase, a dead `running` judged interrupted
  bool accepted = false;                      // checkpoint 4 accepted this result
};

// Pure: the report those documents describe. Fields a document leaves out stay unknown.
Report make_report(const Sources& sources);

// The workdir's report. Errors: not_confirmed "report.no_run" when no run is recorded (no
// manifest, or one without a run section), bad_input "report.manifest_invalid" when the
// manifest cannot be read.
core::Result<Report> read_workdir(const workflow::Workdir& wd);

}  // namespace report
