// Every state transition of the workflow, on hand-built workdirs.
#include "workflow/state.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/clock.h"
#include "support/test_workdir.h"

namespace {

using workflow::ArtifactState;
using workflow::Checkpoint;
using workflow::CheckpointState;
using workflow::NextAction;
using workflow::Verification;
using workflow_test::sample_analysis;
using workflow_test::sample_manifest;
using workflow_test::sample_plan;

TEST(State, EmptyWorkdirAsksForAnAnalysis) {
  workflow_test::Workdir w;
  auto s = w.status();
  EXPECT_EQ(s.analysis.state, ArtifactState::missing);
  EXPECT_EQ(s.plan.state, ArtifactState::missing);
  EXPECT_EQ(s.manifest.state, ArtifactState::missing);
  for (const auto& c : s.checkpoints) EXPECT_EQ(c.state, CheckpointState::pending);
  EXPECT_EQ(s.next_action, NextAction::analyze);
  EXPECT_FALSE(s.return_to);
  EXPECT_EQ(s.verification, Verification::none);
  EXPECT_TRUE(s.to_json()["run"]["verification"].is_null());
  auto r = workflow::require_confirmed(w.wd, Checkpoint::analysis);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::not_confirmed);
}

TEST(State, AnalysisWaitsForCheckpoint1ThenPlanIsNext) {
  workflow_test::Workdir w;
  w.write_analysis(sample_analysis());
  auto s = w.status();
  EXPECT_EQ(s.analysis.state, ArtifactState::valid);
  EXPECT_EQ(s.at(Checkpoint::analysis).expected_digest, workflow::artifact_digest(sample_analysis()));
  EXPECT_EQ(s.next_action, NextAction::confirm_analysis);
  EXPECT_EQ(s.next_command, "quark-ptq confirm analysis");
  w.confirm(Checkpoint::analysis, s.analysis.digest);
  s = w.status();
  EXPECT_EQ(s.at(Checkpoint::analysis).state, CheckpointState::confirmed);
  EXPECT_EQ(s.next_action, NextAction::plan);
  EXPECT_TRUE(workflow::require_confirmed(w.wd, Checkpoint::analysis).has_value());
}

TEST(State, InvalidArtifactsAreNamedWithTheirProblem) {
  workflow_test::Workdir w;
  core::Json bad = sample_analysis();
  bad["model"].erase("model_type");
  w.write_analysis(bad);
  auto s = w.status();
  EXPECT_EQ(s.analysis.state, ArtifactState::invalid);
  EXPECT_NE(s.analysis.problem.find("/model"), std::string::npos) << s.analysis.problem;
  EXPECT_EQ(s.next_action, NextAction::reanalyze);
  EXPECT_EQ(s.next_command, "quark-ptq analyze /models/tiny");
  ASSERT_TRUE(core::write_file_atomic(w.wd.analysis(), "{not json").has_value());
  EXPECT_EQ(w.status().analysis.state, ArtifactState::invalid);
}

TEST(State, ManualEditOfTheAnalysisMakesEveryLaterConfirmationStale) {
  workflow_test::Workdir w;
  w.build(3);
  auto s = w.status();
  EXPECT_EQ(s.at(Checkpoint::execution).state, CheckpointState::confirmed);
  EXPECT_EQ(s.next_action, NextAction::run);

  w.write_analysis(sample_analysis("mistral"));  // re-analysis or a hand edit
  s = w.status();
  EXPECT_EQ(s.analysis.state, ArtifactState::valid);
  EXPECT_EQ(s.plan.state, ArtifactState::stale);
  EXPECT_EQ(s.manifest.state, ArtifactState::stale);
  EXPECT_EQ(s.at(Checkpoint::analysis).state, CheckpointState::stale);
  EXPECT_EQ(s.at(Checkpoint::plan).state, CheckpointState::stale);
  EXPECT_EQ(s.at(Checkpoint::execution).state, CheckpointState::stale);
  ASSERT_TRUE(s.return_to);
  EXPECT_EQ(*s.return_to, Checkpoint::analysis);
  EXPECT_EQ(s.next_action, NextAction::confirm_analysis);
  EXPECT_EQ(s.to_json()["valid_artifacts"], core::Json::parse(R"(["model_analysis.json"])"));
  EXPECT_EQ(s.valid_artifacts(), std::vector<std::string>{"model_analysis.json"});
  for (Checkpoint c : {Checkpoint::analysis, Checkpoint::plan, Checkpoint::execution}) {
    auto r = workflow::require_confirmed(w.wd, c);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().code, core::ExitCode::stale);
    EXPECT_EQ(*r.error().arg("return_to"), "1");
  }
}

// The two halves of status_of(): artifacts read once give, with each list of confirmations,
// what status_of(wd) gives for the workdir holding that list.
TEST(State, ArtifactsReadOnceEvaluateLikeTheWorkdir) {
  workflow_test::Workdir w;
  w.build(3);
  const workflow::WorkdirArtifacts artifacts = workflow::read_artifacts(w.wd);
  auto all = workflow::load_confirmations(w.wd);
  ASSERT_TRUE(all.has_value());
  ASSERT_EQ(all->size(), 3u);
  EXPECT_EQ(workflow::status_of(w.wd, *all, artifacts).to_json(), w.status().to_json());
  auto none = workflow::status_of(w.wd, {}, artifacts);
  EXPECT_EQ(none.at(Checkpoint::analysis).state, CheckpointState::pending);
  EXPECT_EQ(none.next_action, NextAction::confirm_analysis);
  EXPECT_EQ(none.manifest.state, ArtifactState::valid);
  std::vector<workflow::Confirmation> first_two(all->begin(), all->begin() + 2);
  auto two = workflow::status_of(w.wd, first_two, artifacts);
  EXPECT_EQ(two.at(Checkpoint::plan).state, CheckpointState::confirmed);
  EXPECT_EQ(two.at(Checkpoint::execution).state, CheckpointState::pending);
  EXPECT_EQ(two.next_action, NextAction::approve);
}

TEST(State, ReconfirmedAnalysisSendsTheUserBackToThePlan) {
  workflow_test::Workdir w;
  w.build(2);
  core::Json changed = sample_analysis("mistral");
  w.write_analysis(changed);
  w.confirm(Checkpoint::analysis, workflow::artifact_digest(changed));
  auto s = w.status();
  EXPECT_EQ(s.at(Checkpoint::analysis).state, CheckpointState::confirmed);
  EXPECT_EQ(s.at(Checkpoint::plan).state, CheckpointState::stale);
  EXPECT_EQ(*s.return_to, Checkpoint::plan);
  EXPECT_EQ(s.next_action, NextAction::plan);
  // A new plan from the new analysis, confirmed: the manifest is still stale (built from the old plan).
  core::Json plan = sample_plan(changed);
  w.write_plan(plan);
  w.confirm(Checkpoint::plan, workflow::artifact_digest(plan));
  s = w.status();
  EXPECT_EQ(s.at(Checkpoint::plan).state, CheckpointState::confirmed);
  EXPECT_EQ(s.manifest.state, ArtifactState::stale);
  EXPECT_FALSE(s.return_to);
  EXPECT_EQ(s.next_action, NextAction::prepare);
  EXPECT_EQ(s.next_command, "quark-ptq prepare --output-dir /out/tiny-w4");
}

TEST(State, PlanChangeKeepsTheAnalysisAndStalesTheRest) {
  workflow_test::Workdir w;
  w.build(3);
  w.write_plan(sample_plan(w.analysis(), "w_fp8_a_fp8"));
  auto s = w.status();
  EXPECT_EQ(s.at(Checkpoint::analysis).state, CheckpointState::confirmed);
  EXPECT_EQ(s.at(Checkpoint::plan).state, CheckpointState::stale);
  EXPECT_EQ(s.at(Checkpoint::execution).state, CheckpointState::stale);
  EXPECT_EQ(s.manifest.state, ArtifactState::stale);
  EXPECT_EQ(*s.return_to, Checkpoint::plan);
  EXPECT_EQ(s.to_json()["valid_artifacts"], core::Json::parse(R"(["model_analysis.json","quant_plan.json"])"));
}

TEST(State, RequiresConfirmationFlagIsNotPartOfTheDigest) {
  workflow_test::Workdir w;
  w.build(2);
  core::Json plan = w.plan();
  plan["requires_confirmation"] = false;
  w.write_plan(plan);
  auto s = w.status();
  EXPECT_EQ(s.at(Checkpoint::plan).state, CheckpointState::confirmed);
  EXPECT_EQ(s.manifest.state, ArtifactState::valid);
}

TEST(State, HandEditedCommandLosesItsApproval) {
  workflow_test::Workdir w;
  w.build(3);
  core::Json m = w.manifest();
  m["command"]["argv"].push_back("--trust_remote_code");  // digest left as it was
  w.write_manifest(m);
  auto s = w.status();
  EXPECT_EQ(s.manifest.state, ArtifactState::invalid);
  EXPECT_NE(s.manifest.problem.find("/command/digest"), std::string::npos);
  EXPECT_EQ(s.at(Checkpoint::execution).state, CheckpointState::stale);
  EXPECT_EQ(*s.return_to, Checkpoint::execution);
  EXPECT_EQ(workflow::require_confirmed(w.wd, Checkpoint::execution).error().code, core::ExitCode::stale);
}

// Item 7: an entry whose decision is not the one that passes its checkpoint ("declined", or
// anything typed by hand) never counts as a confirmation, whatever its digest.
TEST(State, DeclinedEntryIsNeverAConfirmation) {
  workflow_test::Workdir w;
  w.build(2);
  w.confirm(Checkpoint::execution, w.manifest()["command"]["digest"].get<std::string>(), "declined");
  auto s = w.status();
  EXPECT_EQ(s.at(Checkpoint::execution).state, CheckpointState::pending);
  EXPECT_EQ(s.next_action, NextAction::approve);
  EXPECT_EQ(workflow::require_confirmed(w.wd, Checkpoint::execution).error().code, core::ExitCode::not_confirmed);
  w.confirm(Checkpoint::plan, workflow::artifact_digest(w.plan()), "declined");
  EXPECT_EQ(w.status().at(Checkpoint::plan).state, CheckpointState::pending);
}

TEST(State, HandEditedDisplayIsInvalid) {
  workflow_test::Workdir w;
  w.build(3);
  core::Json m = w.manifest();
  m["command"]["display"] = "/usr/bin/quark-cli torch-llm-ptq --output_dir /somewhere/else";
  w.write_manifest(m);
  auto s = w.status();
  EXPECT_EQ(s.manifest.state, ArtifactState::invalid);
  EXPECT_NE(s.manifest.problem.find("/command/display"), std::string::npos);
}

TEST(State, NewCommandNeedsANewApproval) {
  workflow_test::Workdir w;
  w.build(3);
  w.write_manifest(sample_manifest(w.analysis(), w.plan(), "/out/elsewhere"));
  auto s = w.status();
  EXPECT_EQ(s.manifest.state, ArtifactState::valid);
  EXPECT_EQ(s.at(Checkpoint::execution).state, CheckpointState::stale);
  EXPECT_EQ(s.next_action, NextAction::approve);
  EXPECT_EQ(s.next_command, "quark-ptq run --approve " + s.manifest.doc["command"]["digest"].get<std::string>());
}

TEST(State, PendingEarlierCheckpointIsNotConfirmedRatherThanStale) {
  workflow_test::Workdir w;
  w.build(0);
  w.confirm(Checkpoint::plan, workflow::artifact_digest(w.plan()));  // out of order, e.g. a copied checkpoints.json
  auto s = w.status();
  EXPECT_EQ(s.at(Checkpoint::plan).state, CheckpointState::stale);
  EXPECT_EQ(workflow::require_confirmed(w.wd, Checkpoint::analysis).error().code, core::ExitCode::not_confirmed);
  EXPECT_EQ(workflow::require_confirmed(w.wd, Checkpoint::plan).error().code, core::ExitCode::stale);
}

TEST(State, ResultAcceptedThenChangedIsStale) {
  workflow_test::Workdir w;
  w.build(3);
  core::Json m = w.manifest();
  m["run"] = {{"status", "succeeded"}, {"exit_code", 0}};
  m["result"] = {{"status", "success"}, {"files", core::Json::array()}};
  w.write_manifest(m);
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::succeeded);
  EXPECT_EQ(s.next_action, NextAction::accept);
  w.confirm(Checkpoint::result, core::json_digest(m["result"]), "accepted");
  s = w.status();
  EXPECT_EQ(s.at(Checkpoint::result).state, CheckpointState::confirmed);
  EXPECT_EQ(s.next_action, NextAction::done);
  m["result"]["status"] = "partial";
  w.write_manifest(m);
  s = w.status();
  EXPECT_EQ(s.at(Checkpoint::result).state, CheckpointState::stale);
  EXPECT_EQ(*s.return_to, Checkpoint::result);
}

TEST(State, FailedRunPointsAtTheDiagnosedCheckpoint) {
  workflow_test::Workdir w;
  w.build(3);
  core::Json m = w.manifest();
  m["run"] = {{"status", "failed"}, {"exit_code", 1}, {"diagnosis", {{"category", "oom"}, {"return_to_checkpoint", 2}}}};
  w.write_manifest(m);
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::failed);
  EXPECT_EQ(s.next_action, NextAction::after_failure);
  EXPECT_EQ(s.next_command, "quark-ptq plan");
  ASSERT_EQ(s.next_action_args.size(), 1U);
  EXPECT_EQ(s.next_action_args[0].value, "2");
}

// A manifest whose recorded verdict is not ready is never offered for
// approval (run refuses it with exit 6); the next action is the environment, by problem.
TEST(State, NotReadyVerdictAsksToFixTheEnvironmentNotToApprove) {
  for (int through : {2, 3}) {
    workflow_test::Workdir w;
    w.build(2);
    core::Json m = w.manifest();
    m["environment"] = {{"python", {{"path", "/venvs/q/bin/python"}, {"source", "--python"}, {"quark_cli", "/venvs/q/bin/quark-cli"}}},
                        {"verdict",
                         {{"ready", false},
                          {"problems",
                           {{{"code", "missing_package"}, {"severity", "blocking"}, {"message", "torch is not installed"}},
                            {{"code", "missing_package"}, {"severity", "blocking"}, {"message", "datasets is not installed"}},
                            {{"code", "no_gpu"}, {"severity", "blocking"}, {"message", "no GPU was found"}},
                            {{"code", "accelerator_unknown"}, {"severity", "warning"}, {"message", "w"}}}}}}};
    m["command"]["digest"] = workflow::recompute_command_digest(m);
    w.write_manifest(m);
    if (through == 3) w.confirm(Checkpoint::execution, m["command"]["digest"].get<std::string>(), "approved");
    auto s = w.status();
    EXPECT_EQ(s.manifest.state, ArtifactState::valid);
    EXPECT_EQ(s.next_action, NextAction::fix_environment) << through;
    EXPECT_EQ(s.next_command, "quark-ptq prepare --output-dir /out/tiny-w4 --python /venvs/q/bin/python");
    ASSERT_EQ(s.next_action_args.size(), 2U);
    EXPECT_EQ(s.next_action_args[0].value, "3");
    EXPECT_EQ(s.next_action_args[1].value, "missing_package, no_gpu");
  }
  // No verdict recorded at all is not a ready one either.
  workflow_test::Workdir w;
  w.build(2);
  core::Json m = w.manifest();
  m.erase("environment");
  m["command"]["digest"] = workflow::recompute_command_digest(m);
  w.write_manifest(m);
  EXPECT_EQ(w.status().next_action, NextAction::fix_environment);
}

namespace {

core::Json with_result(workflow_test::Workdir& w, const char* status, core::Json checks) {
  w.build(3);
  core::Json m = w.manifest();
  m["run"] = {{"status", "succeeded"}, {"exit_code", 0}};
  m["result"] = {{"status", status}, {"files", core::Json::array()}, {"checks", std::move(checks)}};
  w.write_manifest(m);
  return m;
}

core::Json check(const char* id, const char* status) {
  return {{"id", id}, {"status", status}, {"message_id", "x"}, {"args", core::Json::object()}};
}

}  // namespace

// quark-cli exited 0 but the output failed verification: not "succeeded",
// never a plain accept; back to the checkpoint the failed checks belong to.
TEST(State, FailedVerificationLeadsBackNotToAccept) {
  workflow_test::Workdir w;
  with_result(w, "failed", {check("output_dir", "fail")});
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::succeeded);
  EXPECT_EQ(s.verification, Verification::failed);
  EXPECT_EQ(s.run_state(), "not_verified");
  EXPECT_EQ(s.to_json()["run"]["state"], "not_verified");
  EXPECT_EQ(s.next_action, NextAction::result_failed);
  EXPECT_EQ(s.next_command, "quark-ptq prepare --output-dir /out/tiny-w4");
  ASSERT_EQ(s.next_action_args.size(), 2U);
  EXPECT_EQ(s.next_action_args[0].value, "1");
  EXPECT_EQ(s.next_action_args[1].value, "3");

  workflow_test::Workdir plan_wrong;
  with_result(plan_wrong, "failed", {check("files", "pass"), check("plan_scheme", "fail"), check("tokenizer", "fail")});
  s = plan_wrong.status();
  EXPECT_EQ(s.next_action, NextAction::result_failed);
  EXPECT_EQ(s.next_command, "quark-ptq plan");
  EXPECT_EQ(s.next_action_args[0].value, "2");
  EXPECT_EQ(s.next_action_args[1].value, "2");

  // A result that says passed: false is failed, whatever its status says.
  workflow_test::Workdir passed_false;
  core::Json m = with_result(passed_false, "success", core::Json::array());
  m["result"]["passed"] = false;
  passed_false.write_manifest(m);
  EXPECT_EQ(passed_false.status().next_action, NextAction::result_failed);
  EXPECT_EQ(passed_false.status().run_state(), "not_verified");
  EXPECT_EQ(passed_false.status().verification, Verification::failed);
  EXPECT_EQ(passed_false.status().to_json()["run"]["verification"], "failed");
}

TEST(State, PartialVerificationIsNotAPlainAccept) {
  workflow_test::Workdir w;
  with_result(w, "partial", {check("generation_config", "partial")});
  auto s = w.status();
  EXPECT_EQ(s.run_state(), "not_verified");
  EXPECT_EQ(s.verification, Verification::partial);
  EXPECT_EQ(s.to_json()["run"]["verification"], "partial");
  EXPECT_EQ(s.next_action, NextAction::result_partial);
  EXPECT_EQ(s.next_command, "quark-ptq prepare --output-dir /out/tiny-w4");
  // Accepted knowingly: done.
  w.confirm(Checkpoint::result, core::json_digest(w.status().manifest.doc["result"]), "accepted");
  EXPECT_EQ(w.status().next_action, NextAction::done);
}

// The evaluation after a good export failed (diagnosis: back to checkpoint 4): judged on the
// verified result, which is partial.
TEST(State, EvaluationFailureAfterExportIsJudgedOnTheResult) {
  workflow_test::Workdir w;
  w.build(3);
  core::Json m = w.manifest();
  m["run"] = {
      {"status", "failed"}, {"exit_code", 1}, {"diagnosis", {{"category", "evaluation_after_export"}, {"return_to_checkpoint", 4}}}};
  m["result"] = {{"status", "partial"}, {"checks", {check("evaluation", "partial")}}};
  w.write_manifest(m);
  auto s = w.status();
  EXPECT_EQ(s.next_action, NextAction::result_partial);
  EXPECT_EQ(s.next_command, "quark-ptq plan");
}

// The recorded reason's id and arguments travel with its English text, so a
// reader can show it in the user's language.
TEST(State, EvaluationReasonArgsCarryTheReasonId) {
  core::Json m = {{"evaluation",
                   {{"verdict", "fail"},
                    {"reason", "perplexity rose 9.10 % (SE 0.50), beyond the 5.0 % threshold"},
                    {"reason_id", "evaluate.reason.ppl_rose"},
                    {"reason_args", {{"delta", "9.10"}, {"se", "0.50"}, {"threshold", "5.0"}}}}}};
  auto args = workflow::evaluation_reason_args(m);
  ASSERT_EQ(args.size(), 5U);
  EXPECT_EQ(args[0].name, "reason");
  EXPECT_EQ(args[1].name, "reason_id");
  EXPECT_EQ(args[1].value, "evaluate.reason.ppl_rose");
  EXPECT_EQ(args[2].name, "reason.delta");
  EXPECT_EQ(args[2].value, "9.10");
  EXPECT_EQ(workflow::evaluation_reason_args(core::Json::object()).size(), 1U);
}

// The manifest's evaluation section (run_manifest.schema.json): any verdict but pass sends
// the user back to checkpoint 2 or to a follow-up, never to a plain accept.
TEST(State, EvaluationVerdictOtherThanPassIsNotAPlainAccept) {
  for (const char* verdict : {"fail", "indeterminate"}) {
    workflow_test::Workdir w;
    core::Json m = with_result(w, "success", {check("files", "pass")});
    m["evaluation"] = {{"verdict", verdict},
                       {"reason", "perplexity +9.1% > 5%"},
                       {"canary", {{"status", "pass"}}},
                       {"perplexity", {{"status", verdict}, {"windows", 8}}}};
    w.write_manifest(m);
    auto s = w.status();
    EXPECT_EQ(s.manifest.state, ArtifactState::valid) << s.manifest.problem;
    EXPECT_EQ(s.run_state(), "succeeded");
    EXPECT_EQ(s.evaluation, verdict);
    EXPECT_EQ(s.next_action, NextAction::evaluation_not_pass) << verdict;
    EXPECT_EQ(s.next_command, "quark-ptq plan --priority accuracy");
    EXPECT_EQ(workflow::replan_command(s), "quark-ptq plan --priority accuracy");
    ASSERT_EQ(s.next_action_args.size(), 3U);
    EXPECT_EQ(s.next_action_args[0].value, verdict);
    EXPECT_EQ(s.next_action_args[1].value, "perplexity +9.1% > 5%");
  }
  workflow_test::Workdir w;
  core::Json m = with_result(w, "success", core::Json::array());
  m["evaluation"] = {{"verdict", "pass"}, {"canary", {{"status", "pass"}}}, {"perplexity", {{"status", "pass"}, {"windows", 8}}}};
  w.write_manifest(m);
  EXPECT_EQ(w.status().next_action, NextAction::accept);
  // Without an evaluation to answer, the plan offered after one is the plain command.
  EXPECT_EQ(workflow::replan_command(w.status()), "quark-ptq plan");
}

// An evaluation that did not run measured nothing: a tool problem, so the way on is to run
// again (or accept knowingly), never a less aggressive plan.
TEST(State, AnEvaluationThatDidNotRunNeverAdvisesReplanning) {
  workflow_test::Workdir w;
  core::Json m = with_result(w, "success", {check("files", "pass")});
  m["evaluation"] = {{"verdict", "not-run"},
                     {"reason", "the evaluator could not start: File exists"},
                     {"canary", {{"status", "not-run"}}},
                     {"perplexity", {{"status", "not-run"}, {"windows", 0}}}};
  w.write_manifest(m);
  auto s = w.status();
  EXPECT_EQ(s.next_action, NextAction::evaluation_not_run);
  EXPECT_EQ(s.next_command, "quark-ptq run");
  EXPECT_EQ(workflow::replan_command(s), "quark-ptq plan");
  ASSERT_FALSE(s.next_action_args.empty());
  EXPECT_EQ(s.next_action_args[0].value, "the evaluator could not start: File exists");
}

// The interpreter the user gave is kept in the hints that take one.
TEST(State, HintsKeepTheGivenPython) {
  workflow_test::Workdir w;
  w.write_analysis(sample_analysis());
  w.confirm(Checkpoint::analysis, workflow::artifact_digest(sample_analysis()));
  core::Json plan = sample_plan(sample_analysis());
  plan["quark"] = {{"version", "0.12.post1"}, {"source", "installed"}, {"verified", true}, {"python", "/venvs/quark cpu/bin/python"}};
  w.write_plan(plan);
  w.confirm(Checkpoint::plan, workflow::artifact_digest(plan));
  EXPECT_EQ(w.status().next_command, "quark-ptq prepare --output-dir DIR --python '/venvs/quark cpu/bin/python'");
}

// A hint that replans carries every option of the confirmed plan except the
// one it suggests changing; run as printed, it plans for the same target, calibration,
// evaluation and text, not for the defaults.
TEST(State, HintsThatReplanKeepEveryOptionOfThePlan) {
  workflow_test::Workdir w;
  core::Json a = sample_analysis();
  core::Json plan = sample_plan(a);
  plan["options"] = {{"target", "mi300x"},
                     {"priority", "size"},
                     {"scheme", "int4_wo_128"},
                     {"calib_samples", 64},
                     {"seq_len", 256},
                     {"eval", "smoke"},
                     {"eval_text", "/data/held out.jsonl"},
                     {"exclude", {"lm_head", "*.gate"}},
                     {"multi_device", true}};
  core::Json m = workflow_test::sample_manifest(a, plan);
  m["run"] = {{"status", "succeeded"}, {"exit_code", 0}};
  m["result"] = {{"status", "success"}, {"files", core::Json::array()}, {"checks", core::Json::array()}};
  m["evaluation"] = {{"verdict", "fail"},
                     {"reason", "perplexity +30%"},
                     {"canary", {{"status", "pass"}}},
                     {"perplexity", {{"status", "fail"}, {"windows", 8}}}};
  w.write_analysis(a);
  w.write_plan(plan);
  w.write_manifest(m);
  w.confirm(Checkpoint::analysis, workflow::artifact_digest(a));
  w.confirm(Checkpoint::plan, workflow::artifact_digest(plan));
  w.confirm(Checkpoint::execution, m["command"]["digest"].get<std::string>(), "approved");
  auto s = w.status();
  ASSERT_EQ(s.next_action, NextAction::evaluation_not_pass);
  EXPECT_EQ(s.next_command,
            "quark-ptq plan --target mi300x --priority accuracy --exclude lm_head --exclude '*.gate' --calib-samples 64 --seq-len 256 "
            "--eval smoke "
            "--eval-text '/data/held out.jsonl' --multi-device");
}

class RunLiveness : public ::testing::Test {
 protected:
  core::Json with_run(core::Json run) {
    w.build(3);
    core::Json m = w.manifest();
    m["run"] = std::move(run);
    w.write_manifest(m);
    return m;
  }
  workflow_test::Workdir w;
};

TEST_F(RunLiveness, LiveProcessIsRunning) {
  auto me = workflow::current_process_identity();
  with_run({{"status", "running"},
            {"pid", me.pid},
            {"process_start_ticks", me.start_ticks},
            {"boot_id", me.boot_id},
            {"started_at", core::now_utc_iso8601()}});
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::running) << s.run.reason;
  EXPECT_EQ(s.next_action, NextAction::wait_running);
}

// A Slurm job outlives the quark-ptq that submitted it, and the login node's reboot: while no
// quark-ptq follows it the run is still running, and the next step is to follow it again
// (never to run the command anew); while one follows it, to wait.
TEST_F(RunLiveness, AnUnfollowedSlurmJobIsStillRunningAndIsFollowedAgain) {
  with_run({{"status", "running"},
            {"pid", 99999999},
            {"boot_id", "another-boot"},
            {"started_at", "2020-01-01T00:00:00Z"},
            {"job", {{"id", "4711"}, {"state", "running"}}}});
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::running) << s.run.reason;
  EXPECT_EQ(s.run.reason_id, "workflow.run_reason.job_unfollowed");
  EXPECT_EQ(s.next_action, NextAction::follow_job);
  EXPECT_EQ(s.next_command.rfind("quark-ptq run --approve ", 0), 0u) << s.next_command;
  auto me = workflow::current_process_identity();
  with_run({{"status", "running"},
            {"pid", me.pid},
            {"process_start_ticks", me.start_ticks},
            {"boot_id", me.boot_id},
            {"started_at", core::now_utc_iso8601()},
            {"job", {{"id", "4711"}, {"state", "pending"}}}});
  s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::running);
  EXPECT_TRUE(s.run.reason_id.empty());
  EXPECT_EQ(s.next_action, NextAction::wait_running);
}

// quark-ptq SIGKILLed, quark-cli still alive: still running, no re-run offered.
TEST_F(RunLiveness, LiveChildOfAGoneMonitorIsStillRunning) {
  auto me = workflow::current_process_identity();  // this test stands in for the quark-cli child
  with_run({{"status", "running"},
            {"pid", 99999999},
            {"started_at", core::now_utc_iso8601()},
            {"child_pid", me.pid},
            {"child_start_ticks", me.start_ticks}});
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::running);
  EXPECT_NE(s.run.reason.find("quark-cli (pid " + std::to_string(me.pid) + ") is still running"), std::string::npos);
  EXPECT_EQ(s.next_action, NextAction::wait_running);
  // The same pid with another start time is a reused pid: interrupted.
  with_run({{"status", "running"},
            {"pid", 99999999},
            {"started_at", core::now_utc_iso8601()},
            {"child_pid", me.pid},
            {"child_start_ticks", me.start_ticks + 1}});
  EXPECT_EQ(w.status().run.phase, workflow::RunPhase::interrupted);
}

TEST_F(RunLiveness, GoneProcessIsInterrupted) {
  // pid_max is at most 2^22: this pid cannot exist.
  with_run({{"status", "running"}, {"pid", 99999999}, {"started_at", core::now_utc_iso8601()}});
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::interrupted);
  EXPECT_EQ(s.run.recorded, "running");
  EXPECT_NE(s.run.reason.find("gone"), std::string::npos);
  EXPECT_EQ(s.next_action, NextAction::rerun_interrupted);
  EXPECT_EQ(s.to_json()["run"]["state"], "interrupted");
}

TEST_F(RunLiveness, ReusedPidIsInterrupted) {
  auto me = workflow::current_process_identity();
  with_run({{"status", "running"}, {"pid", me.pid}, {"process_start_ticks", me.start_ticks + 1}});
  EXPECT_EQ(w.status().run.phase, workflow::RunPhase::interrupted);
  // Without the ticks: a process that started long after the recorded start is another one.
  with_run({{"status", "running"}, {"pid", me.pid}, {"started_at", "2001-01-01T00:00:00Z"}});
  EXPECT_EQ(w.status().run.phase, workflow::RunPhase::interrupted);
}

TEST_F(RunLiveness, RebootIsInterrupted) {
  auto me = workflow::current_process_identity();
  if (me.boot_id.empty()) GTEST_SKIP() << "no /proc/sys/kernel/random/boot_id here";
  with_run({{"status", "running"}, {"pid", me.pid}, {"process_start_ticks", me.start_ticks}, {"boot_id", "another-boot"}});
  auto s = w.status();
  EXPECT_EQ(s.run.phase, workflow::RunPhase::interrupted);
  EXPECT_NE(s.run.reason.find("rebooted"), std::string::npos);
}

TEST(State, DamagedCheckpointRecordsAreBadInput) {
  workflow_test::Workdir w;
  ASSERT_TRUE(core::write_file_atomic(w.wd.checkpoints(), R"({"confirmations": [{"checkpoint": 9}]})").has_value());
  auto s = workflow::status_of(w.wd);
  ASSERT_FALSE(s.has_value());
  EXPECT_EQ(s.error().code, core::ExitCode::bad_input);
}

}  // namespace
