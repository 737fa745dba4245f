#include "manifest/evaluator_block.h"

#include <filesystem>
#include <system_error>

#include "core/fs.h"
#include "evaluate/run_evaluation.h"
#include "evaluate/settings_json.h"
#include "workflow/evaluator_inputs.h"

namespace manifest {

namespace {

// The settings the evaluator is given: the plan's section without its `text` (recorded on its
// own) or any key the evaluator does not read.
core::Json settings_of(const core::Json& evaluation) {
  core::Json s = core::Json::object();
  for (const char* key : {"intent", "windows", "seq_len", "canary_tokens", "budget_seconds", "max_ppl_increase_pct", "z"}) {
    if (const core::Json* v = core::json_at(evaluation, key)) s[key] = *v;
  }
  return s;
}

}  // namespace

EvaluatorBlock evaluator_block(const PlanView& plan, const std::string& python, const std::string& output_dir) {
  EvaluatorBlock out;
  if (!plan.evaluated_by_quark_ptq || !plan.evaluation.is_object()) return out;
  std::string text = core::json_string(plan.evaluation, "text").value_or("");
  const core::Json settings = settings_of(plan.evaluation);
  out.deadline_seconds = evaluate::hard_timeout_seconds(evaluate::settings_from_json(settings));
  out.block = {{"python", python},     {"source", plan.model},
               {"output", output_dir}, {"text", text.empty() ? core::Json(nullptr) : core::Json(text)},
               {"settings", settings}, {"bound", workflow::evaluator_inputs(python, text)}};
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
  } else if (out.block["bound"]["python_identity"].is_null()) {
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
