// `quark-ptq status --json` (and MCP's status): where the workflow stands, as a document of its
// own. Not an artifact: it is derived from the workdir each time and never read back.
#include "artifacts/run_manifest.h"
#include "workflow/state.h"

namespace workflow {

core::Json WorkflowStatus::to_json() const {
  core::Json j = {{"artifact", "workflow_status"}, {"artifacts", core::Json::array()}, {"checkpoints", core::Json::array()}};
  for (const ArtifactStatus* a : {&analysis, &plan, comparison ? &comparison_manifest : &manifest}) {
    core::Json item = {{"name", a->name}, {"path", a->path.string()}, {"state", std::string(artifact_state_name(a->state))}};
    if (!a->problem.empty()) item["problem"] = a->problem;
    if (!a->digest.empty()) item["digest"] = a->digest;
    j["artifacts"].push_back(item);
  }
  for (const auto& c : checkpoints) {
    core::Json item = {{"id", static_cast<int>(c.checkpoint)},
                       {"name", std::string(checkpoint_name(c.checkpoint))},
                       {"state", std::string(checkpoint_state_name(c.state))}};
    if (!c.expected_digest.empty()) item["expected_digest"] = c.expected_digest;
    if (c.confirmation) item["confirmation"] = confirmation_to_json(*c.confirmation);
    j["checkpoints"].push_back(item);
  }
  j["valid_artifacts"] = valid_artifacts();
  j["run"] = {{"state", std::string(run_state())}, {"recorded", run.recorded}};
  if (!run.reason.empty()) j["run"]["reason"] = run.reason;
  if (auto recorded = artifacts::manifest_run_as_read(manifest.doc); recorded && recorded->log_truncated)
    j["run"]["log_truncated"] = recorded->log_truncated->to_json();
  j["run"]["verification"] =
      verification == Verification::none ? core::Json(nullptr) : core::Json(std::string(verification_name(verification)));
  j["run"]["evaluation"] = evaluation.empty() ? core::Json(nullptr) : core::Json(evaluation);
  if (comparison) {
    j["candidates"] = core::Json::array();
    for (const auto& c : candidates) {
      core::Json item = {
          {"name", c.name},
          {"run", std::string(run_phase_name(c.phase))},
          {"verification",
           c.verification == Verification::none ? core::Json(nullptr) : core::Json(std::string(verification_name(c.verification)))},
          {"evaluation", c.evaluation.empty() ? core::Json(nullptr) : core::Json(c.evaluation)},
          {"finished", c.finished},
          {"accepted", c.accepted}};
      if (!c.problem.empty()) item["problem"] = c.problem;
      j["candidates"].push_back(std::move(item));
    }
  }
  j["return_to"] = return_to ? core::Json(static_cast<int>(*return_to)) : core::Json(nullptr);
  j["next_action"] = {{"id", std::string(next_action_id(next_action))}, {"command", next_command}};
  return j;
}

}  // namespace workflow
