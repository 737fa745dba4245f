// Step 4's evaluation as checkpoint 3 approves it: when the plan asks quark-ptq to evaluate
// (quant_plan.json `evaluation`), prepare records in run_manifest.yaml `evaluator` which
// Python runs knowledge/probes/evaluate.py on which source, output and held-out text, with
// which settings and threshold. The command digest covers the block, so the second process
// the approval lets run is as bound as quark-cli itself (the approval covers everything
// that runs), and `run` evaluates exactly what was shown.
#pragma once

#include <string>

#include "core/json_io.h"
#include "envprobe/checks.h"
#include "manifest/plan_view.h"

namespace manifest {

struct EvaluatorBlock {
  core::Json block = core::Json(nullptr);  // run_manifest.yaml `evaluator`; null: no evaluation
  // The evaluator's hard deadline with these settings (evaluate::hard_timeout_seconds); 0 with
  // no evaluation. A Slurm job's evaluation step asks for this much time.
  double deadline_seconds = 0;
  std::vector<envprobe::Problem> problems;  // what keeps it from running (added to the verdict)
};

// `python` is the interpreter that will run the evaluator (prepare --eval-python, else the one
// quark-cli runs under); `output_dir` the absolute output directory.
EvaluatorBlock evaluator_block(const PlanView& plan, const std::string& python, const std::string& output_dir);

}  // namespace manifest
