// start against a scripted prompter on the repository's tiny model, planning from the shipped
// knowledge: what is asked, where it stops and with which resume command, and that a missing
// answer is a refusal.
#include "flow/start_flow.h"

#include <gtest/gtest.h>

#include <deque>

#include "support/temp_dir.h"

namespace flow {
namespace {

class ScriptedPrompter final : public Prompter {
 public:
  std::deque<std::optional<std::string>> answers;
  std::vector<std::string> asked;
  std::optional<std::string> next(const char* what) {
    asked.emplace_back(what);
    if (answers.empty()) return std::nullopt;
    auto a = answers.front();
    answers.pop_front();
    return a;
  }
  std::optional<std::string> ask_analysis(const core::Json&) override { return next("analysis"); }
  std::optional<std::string> ask_plan(const core::Json&) override { return next("plan"); }
  std::optional<std::string> ask_execution(const core::Json&) override { return next("execution"); }
  std::optional<std::string> ask_result(const core::Json&) override { return next("result"); }
};

class RecordingStart final : public StartObserver {
 public:
  std::vector<std::string> events;
  void on_reuse(const std::filesystem::path& p) override { events.push_back("reuse " + p.filename().string()); }
  void on_step(int n) override { events.push_back("step " + std::to_string(n)); }
  void on_analyzed(const Analyzed&) override { events.push_back("analyzed"); }
  void on_confirmed(const workflow::ConfirmOutcome&, bool analysis) override { events.push_back(analysis ? "confirmed 1" : "confirmed 2"); }
  void on_correction_refused(const core::Error& e) override { events.push_back("refused " + e.id); }
  void on_planned(const PlanOutcome& p) override { events.push_back(p.exit_code() == core::ExitCode::ok ? "planned" : "plan invalid"); }
};

class NoLauncher final : public Launcher {
 public:
  core::Result<runner::RunOutcome> launch(const runner::CommandSpec&, const runner::MonitorOptions&, runner::RunObserver*) override {
    ADD_FAILURE() << "start launched a run it was not asked to";
    return runner::RunOutcome{};
  }
  evaluate::EvaluationResult evaluate(const evaluate::Request& r) override {
    ADD_FAILURE() << "start evaluated an output it was not asked to";
    return evaluate::not_run(r.settings, "not expected");
  }
};

class StartFlow : public ::testing::Test {
 protected:
  void SetUp() override {
    request.workdir = tmp.path();
    request.model = test_support::source_path("examples/tiny-llama").string();
    request.output_dir = (tmp.path() / "out").string();
    request.plan.options.quark_version = "0.13";
    request.plan.options.target = "mi300x";
    request.plan.options.scheme = "fp8";
    request.plan.getenv = [](const std::string&) { return std::optional<std::string>(); };
  }
  core::Result<StartOutcome> go() { return start(request, prompter, observer, launcher); }

  test_support::TempDir tmp;
  StartRequest request;
  ScriptedPrompter prompter;
  RecordingStart observer;
  NoLauncher launcher;
};

TEST_F(StartFlow, NoAtCheckpointOneStopsWithTheResumeCommand) {
  prompter.answers = {std::string("no")};
  auto r = go();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  const auto* stopped = std::get_if<start_end::Stopped>(&r->end);
  ASSERT_NE(stopped, nullptr);
  EXPECT_EQ(stopped->checkpoint, workflow::Checkpoint::analysis);
  EXPECT_EQ(stopped->command, "quark-ptq confirm analysis");
  EXPECT_EQ(r->exit_code(), core::ExitCode::not_confirmed);
  EXPECT_EQ(observer.events, (std::vector<std::string>{"step 1", "analyzed"}));
}

TEST_F(StartFlow, NoAnswerIsARefusalNeverAYes) {
  auto r = go();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "start.no_answer");
  EXPECT_EQ(r.error().code, core::ExitCode::not_confirmed);
}

TEST_F(StartFlow, BadCorrectionIsAskedAgainThenPlansAndStopsAtCheckpointTwo) {
  prompter.answers = {std::string("=broken"), std::string("yes"), std::string("not now")};
  auto r = go();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  const auto* stopped = std::get_if<start_end::Stopped>(&r->end);
  ASSERT_NE(stopped, nullptr) << ::testing::PrintToString(observer.events) << ::testing::PrintToString(prompter.asked);
  EXPECT_EQ(stopped->checkpoint, workflow::Checkpoint::plan);
  EXPECT_EQ(prompter.asked, (std::vector<std::string>{"analysis", "analysis", "plan"}));
  ASSERT_GE(observer.events.size(), 5u);
  EXPECT_EQ(observer.events[2].rfind("refused ", 0), 0u);
  EXPECT_EQ(observer.events[3], "confirmed 1");
  EXPECT_EQ(observer.events[4], "step 2");
  EXPECT_EQ(observer.events[5], "planned");
}

TEST_F(StartFlow, ResumingReusesTheAnalysisAndItsConfirmation) {
  prompter.answers = {std::string("yes"), std::string("no")};
  ASSERT_TRUE(go().has_value());
  observer.events.clear();
  prompter.asked.clear();
  prompter.answers = {std::string("no")};
  auto r = go();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(observer.events.front(), "reuse model_analysis.json");
  EXPECT_EQ(prompter.asked, std::vector<std::string>{"plan"});  // checkpoint 1 is not asked again
}

}  // namespace
}  // namespace flow
