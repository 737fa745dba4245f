// The checkpoint flows on real workdirs, with askers standing in for the front ends: what is
// asked, when nothing is asked, and that nothing is recorded without the person's yes.
#include "flow/checkpoint_flow.h"

#include <gtest/gtest.h>

#include "core/fs.h"
#include "support/test_workdir.h"
#include "workflow/checkpoint.h"

namespace flow {
namespace {

using workflow::Checkpoint;
using workflow::CheckpointState;

std::size_t records(const workflow::Workdir& wd) {
  auto c = workflow::load_confirmations(wd);
  return c ? c->size() : 0;
}

void add_result(workflow_test::Workdir& w, const char* status) {
  core::Json m = w.manifest();
  m["run"] = {{"status", "succeeded"}};
  m["result"] = {{"status", status}};
  w.write_manifest(m);
}

TEST(CheckpointFlow, AnalysisIsAskedAsTheCorrectionsLeaveItAndOnlyAYesRecords) {
  workflow_test::Workdir w;
  w.write_analysis(workflow_test::sample_analysis("mistral"));
  int asked = 0;
  auto no = confirm_analysis(w.wd, {{"model.model_type=llama"}, "", "", false, {}}, [&](const AnalysisQuestion& q) {
    ++asked;
    EXPECT_EQ(q.analysis["model"]["model_type"], "llama");
    EXPECT_EQ(q.corrections, (std::vector<artifacts::AppliedCorrection>{{"model.model_type", "mistral", "llama"}}));
    return std::optional<Answer>(Answer{"not yet", false});
  });
  ASSERT_TRUE(no) << no.error().id;
  ASSERT_TRUE(std::holds_alternative<checkpoint_end::NotAYes>(*no));
  EXPECT_EQ(std::get<checkpoint_end::NotAYes>(*no).words, "not yet");
  EXPECT_EQ(records(w.wd), 0u);
  EXPECT_EQ(core::read_json_file(w.wd.analysis()).value()["model"]["model_type"], "mistral");  // untouched
  auto none = confirm_analysis(w.wd, {}, [](const AnalysisQuestion&) { return std::optional<Answer>(); });
  ASSERT_TRUE(none && std::holds_alternative<checkpoint_end::NoAnswer>(*none));
  auto yes = confirm_analysis(w.wd, {{"model.model_type=llama"}, "", "mcp-elicitation", false, {}}, [](const AnalysisQuestion&) {
    return std::optional<Answer>(Answer{"はい", false});
  });
  ASSERT_TRUE(yes && std::holds_alternative<checkpoint_end::Confirmed>(*yes));
  const auto& c = std::get<checkpoint_end::Confirmed>(*yes).outcome.confirmation;
  EXPECT_EQ(c.user_words, "はい");
  EXPECT_EQ(c.via, "mcp-elicitation");
  EXPECT_EQ(asked, 1);
  // Confirmed as it is: not asked again.
  auto again = confirm_analysis(w.wd, {}, [&](const AnalysisQuestion&) {
    ADD_FAILURE() << "asked about a confirmed analysis";
    return std::optional<Answer>();
  });
  ASSERT_TRUE(again && std::get<checkpoint_end::Confirmed>(*again).outcome.already);
  EXPECT_EQ(records(w.wd), 1u);
}

TEST(CheckpointFlow, CorrectionsTypedAtTheQuestionAreShownAgainBeforeTheYes) {
  workflow_test::Workdir w;
  w.write_analysis(workflow_test::sample_analysis("mistral"));
  std::vector<std::string> answers = {"model.trust_remote_code=maybe", "model.model_type=llama", "yes"};
  std::vector<core::Json> shown;
  std::vector<std::string> refused;
  ConfirmAnalysisRequest req;
  req.corrections_in_answer = true;
  req.on_correction_refused = [&](const core::Error& e) { refused.push_back(e.id); };
  auto end = confirm_analysis(w.wd, req, [&](const AnalysisQuestion& q) {
    shown.push_back(q.analysis["model"]["model_type"]);
    std::string a = answers.front();
    answers.erase(answers.begin());
    return std::optional<Answer>(Answer{a, false});
  });
  ASSERT_TRUE(end && std::holds_alternative<checkpoint_end::Confirmed>(*end)) << (end ? "" : end.error().id);
  EXPECT_EQ(shown, (std::vector<core::Json>{"mistral", "mistral", "llama"}));
  EXPECT_EQ(refused.size(), 1u);
  EXPECT_EQ(core::read_json_file(w.wd.analysis()).value()["model"]["model_type"], "llama");
}

TEST(CheckpointFlow, AReviewedDigestThatIsNotTheArtifactsIsNeverAsked) {
  workflow_test::Workdir w;
  w.build(1);
  auto end = confirm_plan(w.wd, {"sha256:feed", "", false}, [](const PlanQuestion&) {
    ADD_FAILURE() << "asked about another plan";
    return std::optional<Answer>(Answer{"yes", false});
  });
  ASSERT_FALSE(end);
  EXPECT_EQ(end.error().id, "workflow.digest_changed");
  EXPECT_EQ(end.error().code, core::ExitCode::stale);
  // The typed command is the yes.
  auto typed = confirm_plan(w.wd, {workflow::artifact_digest(w.plan()), "", false}, [](const PlanQuestion&) {
    return std::optional<Answer>(Answer{"quark-ptq confirm plan", true});
  });
  ASSERT_TRUE(typed && std::holds_alternative<checkpoint_end::Confirmed>(*typed));
  EXPECT_EQ(w.status().at(Checkpoint::plan).state, CheckpointState::confirmed);
}

TEST(CheckpointFlow, AFailedResultIsNotAskedForAcceptanceButTakesAFollowup) {
  workflow_test::Workdir w;
  w.build(3);
  add_result(w, "failed");
  auto refused = decide_result({w.wd.root, "", Decision::accept, false, "", ""}, [](const ResultQuestion&) {
    ADD_FAILURE() << "asked what cannot be recorded";
    return std::optional<Answer>();
  });
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ExitCode::verify_failed) << refused.error().id;
  // either (start): asked whatever the answer will be; other words are the follow-up, as typed.
  auto followup = decide_result({w.wd.root, "", Decision::either, std::nullopt, "", ""}, [&](const ResultQuestion& q) {
    EXPECT_FALSE(q.despite);  // no evaluation recorded
    EXPECT_NE(core::json_object(q.status.manifest.doc, "result"), nullptr);
    return std::optional<Answer>(Answer{"try fewer samples", false});
  });
  ASSERT_TRUE(followup && std::holds_alternative<checkpoint_end::Decided>(*followup)) << (followup ? "" : followup.error().id);
  EXPECT_TRUE(std::get<checkpoint_end::Decided>(*followup).followup);
  EXPECT_EQ(std::get<checkpoint_end::Decided>(*followup).confirmation.followup, "try fewer samples");
  // Decided before: start asks nothing.
  auto again = decide_result({w.wd.root, "", Decision::either, std::nullopt, "", ""}, [](const ResultQuestion&) {
    ADD_FAILURE() << "asked again";
    return std::optional<Answer>();
  });
  ASSERT_TRUE(again && std::get<checkpoint_end::Decided>(*again).already);
}

TEST(CheckpointFlow, OnlyAYesAcceptsAndARefusalIsNoFollowup) {
  workflow_test::Workdir w;
  w.build(3);
  add_result(w, "success");
  auto no = decide_result({w.wd.root, "", Decision::followup, std::nullopt, "more windows", ""}, [](const ResultQuestion& q) {
    return std::optional<Answer>(Answer{"no", q.despite});
  });
  ASSERT_TRUE(no && std::holds_alternative<checkpoint_end::NotAYes>(*no));
  const std::size_t before = records(w.wd);
  auto not_yes = decide_result({w.wd.root, "", Decision::accept, std::nullopt, "", ""}, [](const ResultQuestion&) {
    return std::optional<Answer>(Answer{"hmm", false});
  });
  ASSERT_TRUE(not_yes && std::holds_alternative<checkpoint_end::NotAYes>(*not_yes));
  EXPECT_EQ(records(w.wd), before);
  auto yes = decide_result({w.wd.root, "", Decision::accept, std::nullopt, "", "mcp-elicitation"}, [](const ResultQuestion&) {
    return std::optional<Answer>(Answer{"yes", false});
  });
  ASSERT_TRUE(yes && std::holds_alternative<checkpoint_end::Decided>(*yes)) << (yes ? "" : yes.error().id);
  EXPECT_EQ(std::get<checkpoint_end::Decided>(*yes).confirmation.decision, "accepted");
  EXPECT_EQ(std::get<checkpoint_end::Decided>(*yes).confirmation.via, "mcp-elicitation");
}

}  // namespace
}  // namespace flow
