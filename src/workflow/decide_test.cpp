#include "workflow/decide.h"

#include <gtest/gtest.h>

#include "support/test_workdir.h"

namespace {

using workflow::Checkpoint;
using workflow::NextAction;

std::string digest_of(workflow_test::Workdir& w) { return w.manifest()["command"]["digest"].get<std::string>(); }

void add_result(workflow_test::Workdir& w, const char* status) {
  core::Json m = w.manifest();
  m["run"] = {{"status", "succeeded"}};
  m["result"] = {{"status", status}};
  w.write_manifest(m);
}

TEST(Approve, OnlyTheCurrentDigestAfterCheckpoint2) {
  workflow_test::Workdir w;
  w.build(1);
  EXPECT_EQ(workflow::approve_execution(w.wd, digest_of(w), "yes").error().code, core::ExitCode::not_confirmed);
  w.confirm(Checkpoint::plan, workflow::artifact_digest(w.plan()));
  auto wrong = workflow::approve_execution(w.wd, "sha256:feed", "--approve sha256:feed");
  ASSERT_FALSE(wrong.has_value());
  EXPECT_EQ(wrong.error().code, core::ExitCode::not_approved);
  auto ok = workflow::approve_execution(w.wd, digest_of(w), "はい");
  ASSERT_TRUE(ok.has_value()) << ok.error().id;
  EXPECT_EQ(ok->decision, "approved");
  EXPECT_EQ(ok->user_words, "はい");
  EXPECT_EQ(w.status().at(Checkpoint::execution).state, workflow::CheckpointState::confirmed);
  ASSERT_TRUE(workflow::approve_execution(w.wd, digest_of(w), "yes").has_value());
  EXPECT_EQ(workflow::load_confirmations(w.wd)->size(), 3U);  // no duplicate record
}

// Item 2: run reads the manifest once; the approval is judged on that same document, so a
// manifest swapped after the read cannot lend its digest to the one that runs.
TEST(Approve, IsJudgedOnTheSnapshotThatRuns) {
  workflow_test::Workdir w;
  w.build(2);
  const std::string approved = digest_of(w);
  core::Json evil = workflow_test::sample_manifest(w.analysis(), w.plan(), "/out/evil");
  evil["command"]["argv"][0] = "/bin/sh";
  evil["command"]["display"] = workflow::read_recorded_command(evil)->display;
  evil["command"]["digest"] = workflow::recompute_command_digest(evil);
  w.write_manifest(evil);
  workflow::WorkflowStatus snapshot = w.status();  // what `run` would execute
  w.write_manifest(w.manifest());                  // swapped back before the approval check
  auto r = workflow::approve_execution(w.wd, snapshot, approved, "--approve " + approved);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::not_approved);
  EXPECT_EQ(workflow::load_confirmations(w.wd)->size(), 2U);
  EXPECT_TRUE(workflow::approve_execution(w.wd, w.status(), approved, "yes").has_value());
}

TEST(Approve, StaleOrMissingManifestIsRefused) {
  workflow_test::Workdir w;
  w.build(2);
  std::string old = digest_of(w);
  std::filesystem::remove(w.wd.manifest());
  EXPECT_EQ(workflow::approve_execution(w.wd, old, "yes").error().code, core::ExitCode::bad_input);
  core::Json m = workflow_test::sample_manifest(w.analysis(), workflow_test::sample_plan(workflow_test::sample_analysis("x")));
  w.write_manifest(m);
  EXPECT_EQ(workflow::approve_execution(w.wd, m["command"]["digest"].get<std::string>(), "yes").error().code, core::ExitCode::stale);
}

TEST(Accept, NeedsApprovalAndAResult) {
  workflow_test::Workdir w;
  w.build(2);
  EXPECT_EQ(workflow::accept_result(w.wd, "accept").error().code, core::ExitCode::not_confirmed);
  w.confirm(Checkpoint::execution, digest_of(w), "approved");
  auto no_result = workflow::accept_result(w.wd, "accept");
  EXPECT_EQ(no_result.error().code, core::ExitCode::not_confirmed);
  EXPECT_EQ(no_result.error().id, "workflow.no_result");
  add_result(w, "success");
  auto ok = workflow::accept_result(w.wd, "accept");
  ASSERT_TRUE(ok.has_value());
  EXPECT_EQ(ok->decision, "accepted");
  EXPECT_EQ(w.status().next_action, NextAction::done);
  // Accepting the same result again records nothing new.
  auto again = workflow::accept_result(w.wd, "accept");
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(workflow::load_confirmations(w.wd)->size(), 4U);
}

TEST(Accept, FailedResultTakesAFollowupInstead) {
  workflow_test::Workdir w;
  w.build(3);
  add_result(w, "failed");
  EXPECT_EQ(workflow::accept_result(w.wd, "accept").error().code, core::ExitCode::verify_failed);
  EXPECT_EQ(workflow::request_followup(w.wd, "  ").error().code, core::ExitCode::usage);
  EXPECT_EQ(workflow::request_followup(w.wd, std::string(workflow::kMaxFollowupBytes + 1, 'x')).error().code, core::ExitCode::usage);
  auto f = workflow::request_followup(w.wd, " try fewer calibration samples \n");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->followup, "try fewer calibration samples");
  auto s = w.status();
  EXPECT_EQ(s.next_action, NextAction::followup);
  EXPECT_EQ(s.to_json()["checkpoints"][3]["confirmation"]["followup"], "try fewer calibration samples");
}

}  // namespace
