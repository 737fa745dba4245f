// Ids built from enum names at run time (status labels, checkpoint reasons, next actions)
// escape the source scan in core's Messages tests; check each of them here.
#include <gtest/gtest.h>

#include "core/messages.h"
#include "workflow/state.h"

namespace {

void expect_both(const std::string& id) {
  EXPECT_TRUE(core::catalog_has(core::Lang::en, id)) << id;
  EXPECT_TRUE(core::catalog_has(core::Lang::ja, id)) << id;
}

TEST(StatusIds, EveryEnumLabelHasBothLanguages) {
  using namespace workflow;
  for (auto s : {ArtifactState::missing, ArtifactState::invalid, ArtifactState::stale, ArtifactState::valid}) {
    expect_both("cli.state_" + std::string(artifact_state_name(s)));
  }
  for (auto s : {CheckpointState::pending, CheckpointState::confirmed, CheckpointState::stale}) {
    expect_both("cli.state_" + std::string(checkpoint_state_name(s)));
  }
  for (auto p : {RunPhase::none, RunPhase::running, RunPhase::interrupted, RunPhase::succeeded, RunPhase::failed}) {
    expect_both("cli.run_" + std::string(run_phase_name(p)));
  }
  expect_both("cli.run_not_verified");  // WorkflowStatus::run_state()
  for (const char* v : {"pass", "fail", "indeterminate", "not_run"}) expect_both(std::string("cli.evaluation_") + v);
  for (Checkpoint c : kAllCheckpoints) {
    expect_both("enum.checkpoint." + std::string(checkpoint_name(c)));
    expect_both(checkpoint_reason_id(c));
  }
  for (const char* d : {"confirmed", "approved", "accepted", "followup"}) expect_both(std::string("cli.status_decision_") + d);
}

TEST(StatusIds, EveryNextActionHasBothLanguages) {
  for (workflow::NextAction a : workflow::kAllNextActions) expect_both(std::string(workflow::next_action_id(a)));
}

}  // namespace
