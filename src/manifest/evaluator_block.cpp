#include "manifest/evaluator_block.h"

#include <filesystem>
#include <system_error>

#include "core/fs.h"
#include "evaluate/run_evaluation.h"
#include "evaluate/settings_json.h"
#include "artifacts/evaluator.h"
#include "workflow/evaluator_inputs.h"

namespace manifest {

EvaluatorBlock evaluator_block(const PlanView& plan, const std::string& python, const std::string& output_dir) {
  EvaluatorBlock out;
  if (!plan.evaluated_by_quark_ptq || !plan.evaluation) return out;
  artifacts::Evaluator e;
  e.python = python;
  e.source = plan.model;
  e.output = output_dir;
  e.text = plan.evaluation->text.value_or("");
  // The settings the evaluator is given: the plan's section without its text (recorded above).
  e.settings = *plan.evaluation;
  e.settings.text.reset();
  e.bound = workflow::evaluator_inputs(python, e.text);
  const std::string& text = e.text;
  out.deadline_seconds = evaluate::hard_timeout_seconds(evaluate::settings_of(e.settings));
  out.block = e.to_json();
  // Without held-out text the evaluation could only end not-run, after the whole quantization:
  // say so now, while the fix is a new plan.
  if (text.empty()) {
    out.problems.push_back({"evaluation_text_missing", true, "manifest.problem_evaluation_no_text", {}, "none", "held-out text"});
  } else if (!core::is_regular_file(text)) {
    out.problems.push_back(
        {"evaluation_text_missing", true, "manifest.problem_evaluation_text_missing", {{"path", text}}, "missing", text});
  } else if (std::error_code ec; std::filesystem::file_size(text, ec) == 0 && !ec) {
    out.problems.push_back({"evaluation_text_empty", true, "manifest.problem_evaluation_text_empty", {{"path", text}}, "empty", text});
  }
  if (!plan.model_is_local) {
    // The evaluator compares against a local directory (knowledge/probes/evaluate.py reads
    // --source from disk, offline): with a Hub id it could only end not-run, after the whole
    // quantization, so say so now.
    out.problems.push_back(
        {"evaluation_source_hub", true, "manifest.problem_evaluation_source_hub", {{"model", plan.model}}, plan.model, "a local copy"});
  }
  if (python.empty()) {
    out.problems.push_back(
        {"evaluation_python_missing", true, "manifest.problem_evaluation_python", {}, "none", "a Python with torch and transformers"});
  } else if (!e.bound->python_identity) {
    out.problems.push_back({"evaluation_python_missing",
                            true,
                            "manifest.problem_evaluation_python_unreadable",
                            {{"python", python}},
                            "unreadable",
                            "a Python with torch and transformers"});
  }
  return out;
}

}  // namespace manifest
