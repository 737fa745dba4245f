#include "workflow/confirm.h"

#include <gtest/gtest.h>

#include "core/fs.h"
#include "workflow/corrections.h"
#include "support/test_workdir.h"

namespace {

using workflow::Checkpoint;
using workflow::CheckpointState;
using workflow_test::sample_analysis;
using workflow_test::sample_plan;

std::string file_text(const std::filesystem::path& p) { return core::read_file(p).value(); }

TEST(ConfirmAnalysis, RecordsDigestWordsAndReason) {
  workflow_test::Workdir w;
  w.write_analysis(sample_analysis());
  auto r = workflow::confirm_analysis(w.wd, {{}, "", "はい"});
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_FALSE(r->already);
  EXPECT_EQ(r->confirmation.digest, workflow::artifact_digest(sample_analysis()));
  EXPECT_EQ(r->confirmation.user_words, "はい");
  EXPECT_FALSE(r->confirmation.reason.empty());
  EXPECT_FALSE(r->confirmation.confirmed_at.empty());
  auto again = workflow::confirm_analysis(w.wd, {{}, "", "yes"});
  ASSERT_TRUE(again.has_value());
  EXPECT_TRUE(again->already);
  EXPECT_EQ(workflow::load_confirmations(w.wd)->size(), 1U);
}

TEST(ConfirmAnalysis, CorrectionsRewriteRevalidateAndAreRecorded) {
  workflow_test::Workdir w;
  w.write_analysis(sample_analysis("mistral"));
  auto r =
      workflow::confirm_analysis(w.wd, {{"model.model_type=llama", "quantization_targets.exclude_defaults=lm_head,*.gate"}, "", "cli"});
  ASSERT_TRUE(r.has_value()) << r.error().id;
  auto on_disk = core::read_json_file(w.wd.analysis()).value();
  EXPECT_EQ(on_disk["model"]["model_type"], "llama");
  EXPECT_EQ(on_disk["quantization_targets"]["exclude_defaults"].size(), 2U);
  EXPECT_EQ(r->confirmation.digest, workflow::artifact_digest(on_disk));
  ASSERT_EQ(r->confirmation.corrections.size(), 2u);
  EXPECT_EQ(r->confirmation.corrections[0].key, "model.model_type");
  EXPECT_EQ(r->confirmation.corrections[0].from, "mistral");
  EXPECT_EQ(on_disk["quantization_targets"]["exclude_defaults_source"], std::string(workflow::kCorrectedExclusionsSource));
  auto s = w.status();
  EXPECT_EQ(s.at(Checkpoint::analysis).state, CheckpointState::confirmed);
  auto saved = workflow::load_confirmations(w.wd).value();
  EXPECT_EQ(saved.back().corrections, r->confirmation.corrections);
}

TEST(ConfirmAnalysis, InvalidCorrectionLeavesTheArtifactUntouched) {
  workflow_test::Workdir w;
  w.write_analysis(sample_analysis());
  std::string before = file_text(w.wd.analysis());
  auto r = workflow::confirm_analysis(w.wd, {{"model.trust_remote_code=maybe"}, "", "cli"});
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(r.error().id, "workflow.correction_invalid");
  EXPECT_EQ(file_text(w.wd.analysis()), before);
  EXPECT_FALSE(core::exists(w.wd.checkpoints()));
  auto syntax = workflow::confirm_analysis(w.wd, {{"no-equals-sign"}, "", "cli"});
  EXPECT_EQ(syntax.error().code, core::ExitCode::usage);
}

TEST(ConfirmAnalysis, CorrectionsCanRepairAnInvalidAnalysis) {
  workflow_test::Workdir w;
  core::Json a = sample_analysis();
  a["model"]["model_type"] = 7;
  w.write_analysis(a);
  EXPECT_EQ(workflow::confirm_analysis(w.wd, {{}, "", "yes"}).error().id, "workflow.artifact_invalid");
  auto r = workflow::confirm_analysis(w.wd, {{"model.model_type=\"llama\""}, "", "cli"});
  ASSERT_TRUE(r.has_value()) << r.error().id;
}

TEST(ConfirmAnalysis, MissingOrChangedSinceShown) {
  workflow_test::Workdir w;
  auto missing = workflow::confirm_analysis(w.wd, {{}, "", "yes"});
  EXPECT_EQ(missing.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(missing.error().id, "workflow.artifact_missing");
  w.write_analysis(sample_analysis());
  auto changed = workflow::confirm_analysis(w.wd, {{}, "sha256:0000", "yes"});
  EXPECT_EQ(changed.error().code, core::ExitCode::stale);
}

TEST(ConfirmPlan, NeedsCheckpoint1ThenFlipsTheFlag) {
  workflow_test::Workdir w;
  w.build(0);
  auto early = workflow::confirm_plan(w.wd, {{}, "", "yes"});
  ASSERT_FALSE(early.has_value());
  EXPECT_EQ(early.error().code, core::ExitCode::not_confirmed);
  EXPECT_EQ(*early.error().arg("command"), "quark-ptq confirm analysis");
  w.confirm(Checkpoint::analysis, workflow::artifact_digest(w.analysis()));
  auto r = workflow::confirm_plan(w.wd, {{}, "", "yes"});
  ASSERT_TRUE(r.has_value()) << r.error().id;
  auto on_disk = core::read_json_file(w.wd.plan()).value();
  EXPECT_EQ(on_disk["requires_confirmation"], false);
  EXPECT_EQ(r->confirmation.digest, workflow::artifact_digest(on_disk));
  EXPECT_EQ(w.status().at(Checkpoint::plan).state, CheckpointState::confirmed);
  EXPECT_TRUE(workflow::confirm_plan(w.wd, {{}, "", "yes"})->already);
}

// A plan written by an earlier release is migrated once, when it is confirmed: written in this
// release's spelling by the plan's one writer, and the confirmation binds what was written.
TEST(ConfirmPlan, APlanOfAnEarlierReleaseIsWrittenInThisSpellingAndItsConfirmationBindsIt) {
  workflow_test::Workdir w;
  w.build(0);
  w.confirm(Checkpoint::analysis, workflow::artifact_digest(w.analysis()));
  core::Json older = sample_plan(w.analysis());
  older["algorithm"] = "awq";  // before the list `algorithms`
  w.write_plan(older);
  ASSERT_EQ(w.status().plan.state, workflow::ArtifactState::valid);
  auto r = workflow::confirm_plan(w.wd, {{}, "", "yes"});
  ASSERT_TRUE(r.has_value()) << r.error().id;
  auto on_disk = core::read_json_file(w.wd.plan()).value();
  EXPECT_EQ(on_disk["algorithms"], core::Json::array({"awq"}));
  EXPECT_EQ(on_disk["requires_confirmation"], false);
  EXPECT_NE(workflow::artifact_digest(on_disk), workflow::artifact_digest(older));
  EXPECT_EQ(r->confirmation.digest, workflow::artifact_digest(on_disk));
  EXPECT_EQ(w.status().at(Checkpoint::plan).state, CheckpointState::confirmed);
  auto again = workflow::confirm_plan(w.wd, {{}, "", "yes"});
  ASSERT_TRUE(again.has_value());
  EXPECT_TRUE(again->already);
  EXPECT_EQ(workflow::load_confirmations(w.wd)->size(), 2U);  // the analysis's and this one
}

// An older decision table named no source for its decisions: such a plan cannot be written in
// this release's layout, so it is refused, untouched, with what to do.
TEST(ConfirmPlan, APlanThatCannotBeCarriedIsRefusedAndLeftAsItWas) {
  workflow_test::Workdir w;
  w.build(0);
  w.confirm(Checkpoint::analysis, workflow::artifact_digest(w.analysis()));
  core::Json older = sample_plan(w.analysis());
  older["decision_table"] =
      core::Json::array({{{"decision", "global scheme"}, {"choice", "w_int4_per_group_sym"}, {"reason", "priority size"}}});
  w.write_plan(older);
  const std::string before = file_text(w.wd.plan());
  auto r = workflow::confirm_plan(w.wd, {{}, "", "yes"});
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "workflow.plan_not_carried");
  EXPECT_EQ(r.error().code, core::ExitCode::bad_input);
  EXPECT_EQ(*r.error().arg("command"), "quark-ptq plan");
  EXPECT_EQ(file_text(w.wd.plan()), before);
  EXPECT_EQ(workflow::load_confirmations(w.wd)->size(), 1U);  // the analysis's only
}

TEST(ConfirmPlan, RefusesMissingInvalidAndStalePlans) {
  workflow_test::Workdir w;
  w.write_analysis(sample_analysis());
  w.confirm(Checkpoint::analysis, workflow::artifact_digest(sample_analysis()));
  EXPECT_EQ(workflow::confirm_plan(w.wd, {{}, "", "yes"}).error().id, "workflow.artifact_missing");
  core::Json bad = sample_plan(sample_analysis());
  bad.erase("global_scheme");
  w.write_plan(bad);
  EXPECT_EQ(workflow::confirm_plan(w.wd, {{}, "", "yes"}).error().code, core::ExitCode::bad_input);
  w.write_plan(sample_plan(sample_analysis("qwen2")));  // built from another analysis
  auto stale = workflow::confirm_plan(w.wd, {{}, "", "yes"});
  EXPECT_EQ(stale.error().code, core::ExitCode::stale);
  EXPECT_EQ(stale.error().id, "workflow.plan_stale");
}

TEST(ConfirmPlan, StaleAnalysisConfirmationIsExit5) {
  workflow_test::Workdir w;
  w.build(1);
  w.write_analysis(sample_analysis("gemma"));
  auto r = workflow::confirm_plan(w.wd, {{}, "", "yes"});
  EXPECT_EQ(r.error().code, core::ExitCode::stale);
}

}  // namespace
