// start against a scripted prompter on the repository's tiny model, planning from the shipped
// knowledge: what is asked, where it stops and with which resume command, and that a missing
// answer is a refusal.
#include "flow/start_flow.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <functional>

#include "core/atomic_file.h"
#include "core/json_io.h"
#include "workflow/state.h"

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
  std::vector<core::Json> shown;                                       // the analysis or plan each question showed
  std::vector<std::vector<artifacts::AppliedCorrection>> corrections;  // pending at each checkpoint-1 question
  // Checkpoint 2 answers that are plan options: the next "plan" answer adjusts with this.
  std::deque<std::function<void(PlanRequest&)>> adjustments;
  std::optional<std::string> ask_analysis(const core::Json& a, const std::vector<artifacts::AppliedCorrection>& c) override {
    shown.push_back(a);
    corrections.push_back(c);
    return next("analysis");
  }
  std::optional<PlanAnswer> ask_plan(const core::Json& p, const PlanRequest& current) override {
    shown.push_back(p);
    auto words = next("plan");
    if (!words) return std::nullopt;
    if (*words == "adjust" && !adjustments.empty()) {
      PlanRequest r = current;
      adjustments.front()(r);
      adjustments.pop_front();
      return PlanAnswer{*words, r};
    }
    return PlanAnswer{*words, std::nullopt};
  }
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
  void on_replanning() override { events.push_back("replanning"); }
  void on_adjustment_refused(const core::Error& e) override { events.push_back("adjustment refused " + e.id); }
  void on_plan_reopened(const std::vector<std::string>& changes) override {
    std::string all;
    for (const auto& c : changes) all += (all.empty() ? "" : "; ") + c;
    events.push_back("reopened " + all);
  }
  void on_plan_unchanged() override { events.push_back("unchanged"); }
};

class NoLauncher final : public Launcher {
 public:
  core::Result<runner::MonitoredOutcome> launch(const runner::CommandSpec&, const runner::MonitorOptions&,
                                                runner::MonitorObserver*) override {
    ADD_FAILURE() << "start launched a run it was not asked to";
    return runner::MonitoredOutcome{};
  }
  void start_evaluator(const evaluate::Request&) override { ADD_FAILURE() << "start started an evaluator it was not asked to"; }
  void release_evaluator() override {}
  evaluate::EvaluationResult evaluate(const evaluate::Request& r) override {
    ADD_FAILURE() << "start evaluated an output it was not asked to";
    return evaluate::not_run(r.settings, {"evaluate.reason.in_progress", {}});
  }
  core::Result<cluster::SubmittedJob> submit(const std::vector<std::string>&) override {
    ADD_FAILURE() << "start submitted a job it was not asked to";
    return cluster::SubmittedJob{};
  }
  core::Result<cluster::JobOutcome> follow(const std::string&, const cluster::JobFollowOptions&, cluster::JobObserver*) override {
    ADD_FAILURE() << "start followed a job it was not asked to";
    return cluster::JobOutcome{};
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

// A correction is shown for a second look and confirmed only by the yes
// after it; a no after the look confirms nothing and leaves the analysis as it was.
TEST_F(StartFlow, ACorrectionIsShownAgainBeforeItIsConfirmed) {
  prompter.answers = {std::string("model.model_type=mistral"), std::string("yes"), std::string("no")};
  auto r = go();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_GE(prompter.asked.size(), 2u);
  EXPECT_EQ(prompter.asked[0], "analysis");
  EXPECT_EQ(prompter.asked[1], "analysis");  // the second look
  EXPECT_EQ(prompter.shown[1]["model"]["model_type"], "mistral");
  ASSERT_EQ(prompter.corrections[1].size(), 1u);
  EXPECT_EQ(prompter.corrections[1][0].key, "model.model_type");
  EXPECT_EQ(prompter.corrections[1][0].to, "mistral");
  EXPECT_TRUE(prompter.corrections[0].empty());
  auto s = workflow::status_of(workflow::Workdir{tmp.path()});
  ASSERT_TRUE(s.has_value());
  ASSERT_TRUE(s->analysis.doc.is_object());
  EXPECT_EQ(s->analysis.doc["model"]["model_type"], "mistral");
  EXPECT_EQ(s->at(workflow::Checkpoint::analysis).confirmation->user_words, "yes");
}

TEST_F(StartFlow, ANoAfterTheSecondLookConfirmsNothing) {
  prompter.answers = {std::string("model.model_type=mistral"), std::string("no")};
  auto r = go();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_NE(std::get_if<start_end::Stopped>(&r->end), nullptr);
  auto s = workflow::status_of(workflow::Workdir{tmp.path()});
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->analysis.doc["model"]["model_type"], "llama");
  EXPECT_NE(s->at(workflow::Checkpoint::analysis).state, workflow::CheckpointState::confirmed);
}

// Checkpoint 2 adjusts the plan through make_plan and asks about the plan made again; an
// adjustment that cannot make a valid plan leaves the plan as it was.
TEST_F(StartFlow, PlanOptionsAtCheckpointTwoMakeThePlanAgain) {
  prompter.answers = {std::string("yes"), std::string("adjust"), std::string("adjust"), std::string("no")};
  prompter.adjustments.push_back([](PlanRequest& r) { r.options.scheme = "int8"; });
  prompter.adjustments.push_back([](PlanRequest& r) { r.options.excludes = {"no_such_layer"}; });  // invalid: matches nothing
  auto r = go();
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(prompter.asked, (std::vector<std::string>{"analysis", "plan", "plan", "plan"}));
  const auto* stopped = std::get_if<start_end::Stopped>(&r->end);
  ASSERT_NE(stopped, nullptr);
  EXPECT_EQ(stopped->checkpoint, workflow::Checkpoint::plan);
  ASSERT_GE(prompter.shown.size(), 4u);
  EXPECT_EQ(prompter.shown[1]["global_scheme"], "fp8");
  EXPECT_EQ(prompter.shown[2]["global_scheme"], "int8");  // the plan made again, asked again
  EXPECT_EQ(prompter.shown[3]["global_scheme"], "int8");  // the invalid one wrote nothing
  auto s = workflow::status_of(workflow::Workdir{tmp.path()});
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->plan.doc["global_scheme"], "int8");
  EXPECT_NE(s->at(workflow::Checkpoint::plan).state, workflow::CheckpointState::confirmed);
  std::vector<std::string> replans;
  for (const auto& e : observer.events) {
    if (e == "replanning" || e == "planned" || e == "plan invalid") replans.push_back(e);
  }
  EXPECT_EQ(replans, (std::vector<std::string>{"planned", "replanning", "planned", "replanning", "plan invalid"}));
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

// The analysis is reused only for the revision it records: a Hub analysis of "v1" is not the
// model `start --revision v2` (or no --revision, which reads the default branch) names.
TEST_F(StartFlow, AnotherRevisionIsAnalysedAgain) {
  prompter.answers = {std::string("no")};
  ASSERT_TRUE(go().has_value());
  const std::filesystem::path file = tmp.path() / "model_analysis.json";
  auto doc = core::read_json_file(file);
  ASSERT_TRUE(doc.has_value());
  (*doc)["source"] = {{"kind", "hub"}, {"input", "org/m"}, {"repo_id", "org/m"}, {"revision", "v1"}, {"commit", "0123"}};
  auto first_step = [&](const std::string& revision) {
    EXPECT_TRUE(core::write_file_atomic(file, core::dump_pretty(*doc)).has_value());
    observer.events.clear();
    prompter.answers = {std::string("no")};
    request.revision = revision;
    EXPECT_TRUE(go().has_value());
    return observer.events.empty() ? std::string() : observer.events.front();
  };
  EXPECT_EQ(first_step("v1"), "reuse model_analysis.json");
  EXPECT_EQ(first_step("v2"), "step 1");
  EXPECT_EQ(first_step(""), "step 1");
  (*doc)["source"]["revision"] = "main";
  EXPECT_EQ(first_step(""), "reuse model_analysis.json");
}

// Re-running the same start line (its plan options, --python among them)
// resumes with the confirmed plan; nothing is planned again and checkpoint 2 stays confirmed.
TEST_F(StartFlow, ResumingWithTheSameOptionsKeepsTheConfirmedPlan) {
  request.plan.options.calib_samples = 64;
  request.plan_options_given = {"--quark-version", "--target", "--scheme", "--calib-samples"};
  prompter.answers = {std::string("yes"), std::string("yes"), std::string("no")};
  ASSERT_TRUE(go().has_value());
  const std::string confirmed = workflow::status_of(workflow::Workdir{tmp.path()})->plan.digest;

  RecordingStart again;
  prompter.asked.clear();
  prompter.answers = {std::string("no")};
  auto r = start(request, prompter, again, launcher);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(std::count(again.events.begin(), again.events.end(), "reuse quant_plan.json"), 1);
  EXPECT_EQ(std::count(again.events.begin(), again.events.end(), "step 2"), 0);
  EXPECT_EQ(prompter.asked, (std::vector<std::string>{"execution"}));
  auto s = workflow::status_of(workflow::Workdir{tmp.path()});
  EXPECT_EQ(s->plan.digest, confirmed);
  EXPECT_EQ(s->at(workflow::Checkpoint::plan).state, workflow::CheckpointState::confirmed);
}

// An option that changes a decision reopens the plan and says which; every other option the
// plan was made with is kept (here the calibration samples, not given again).
TEST_F(StartFlow, ResumingWithAChangedOptionReopensThePlanAndKeepsTheRest) {
  request.plan.options.calib_samples = 64;
  request.plan_options_given = {"--quark-version", "--target", "--scheme", "--calib-samples"};
  prompter.answers = {std::string("yes"), std::string("yes"), std::string("no")};
  ASSERT_TRUE(go().has_value());

  StartRequest changed = request;
  changed.plan.options = options::PlanOptions{};
  changed.plan.options.scheme = "int8";
  changed.plan_options_given = {"--scheme"};
  RecordingStart again;
  prompter.asked.clear();
  prompter.answers = {std::string("no")};
  auto r = start(changed, prompter, again, launcher);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  ASSERT_FALSE(again.events.empty());
  EXPECT_NE(std::find(again.events.begin(), again.events.end(), "reopened --scheme \"fp8\" -> \"int8\""), again.events.end())
      << ::testing::PrintToString(again.events);
  EXPECT_EQ(prompter.asked, (std::vector<std::string>{"plan"}));
  auto plan = core::read_json_file(tmp.path() / "quant_plan.json");
  ASSERT_TRUE(plan.has_value());
  EXPECT_EQ((*plan)["global_scheme"], "int8");
  EXPECT_EQ((*plan)["options"]["calib_samples"], 64);
  EXPECT_EQ((*plan)["options"]["target"], "mi300x");
}

// Options typed at checkpoint 2 that make the plan confirmed before are not a
// confirmation: the person is told nothing changed and asked again, so their next yes answers
// checkpoint 2, never checkpoint 3's question.
TEST_F(StartFlow, AnAdjustmentBackToTheConfirmedPlanIsAskedAgain) {
  request.plan_options_given = {"--quark-version", "--target", "--scheme"};
  prompter.answers = {std::string("yes"), std::string("yes"), std::string("no")};
  ASSERT_TRUE(go().has_value());

  StartRequest changed = request;
  changed.plan.options.scheme = "int8";
  RecordingStart again;
  prompter.asked.clear();
  prompter.answers = {std::string("adjust"), std::string("no")};
  prompter.adjustments = {[](PlanRequest& r) { r.options.scheme = "fp8"; }};
  auto r = start(changed, prompter, again, launcher);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(prompter.asked, (std::vector<std::string>{"plan", "plan"})) << ::testing::PrintToString(again.events);
  const auto* stopped = std::get_if<start_end::Stopped>(&r->end);
  ASSERT_NE(stopped, nullptr);
  EXPECT_EQ(stopped->checkpoint, workflow::Checkpoint::plan);
}

}  // namespace
}  // namespace flow
