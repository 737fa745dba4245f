// The plan flow from the shipped knowledge (no Python is found: the environment getter is
// empty) on a recorded analysis: a plan written with its outcome, an invalid plan written
// nowhere, and the errors that stop the flow before the planner.
#include "flow/plan_flow.h"

#include <gtest/gtest.h>

#include "core/atomic_file.h"
#include "support/temp_dir.h"
#include "workflow/checkpoint.h"
#include "workflow/state.h"

namespace flow {
namespace {

namespace fs = std::filesystem;

class RecordingPlanObserver final : public PlanObserver {
 public:
  std::vector<std::string> events;
  void on_probed(bool, const std::string& v, const std::string&) override { events.push_back("probed " + v); }
  void on_using_shipped(const std::string& v) override { events.push_back("shipped " + v); }
  void on_template_written(const std::string&) override { events.push_back("template"); }
};

class PlanFlow : public ::testing::Test {
 protected:
  void SetUp() override {
    auto analysis = core::read_json_file(test_support::source_path("tests/fixtures/plan/analyses/llama-3.1-8b.json"));
    ASSERT_TRUE(analysis.has_value());
    ASSERT_TRUE(core::write_file_atomic(wd.analysis(), core::dump_pretty(*analysis)).has_value());
    digest = workflow::artifact_digest(*analysis);
    request.workdir = wd.root;
    request.options.quark_version = "0.13";
    request.options.target = "mi300x";
    request.getenv = [](const std::string&) { return std::optional<std::string>(); };
    request.capture = [this](const runner::CommandSpec& spec, double) -> core::Result<runner::CaptureResult> {
      captured.push_back(spec.argv);
      return core::make_error(core::ExitCode::env_not_ready, "runner.spawn_failed").with("program", spec.argv.front());
    };
  }
  void confirm_analysis() {
    ASSERT_TRUE(workflow::record_confirmation(wd, workflow::make_confirmation(workflow::Checkpoint::analysis, digest, "yes", "confirmed"))
                    .has_value());
  }

  test_support::TempDir tmp;
  workflow::Workdir wd{tmp.path()};
  std::string digest;
  PlanRequest request;
  RecordingPlanObserver observer;
  std::vector<std::vector<std::string>> captured;
};

TEST_F(PlanFlow, WritesThePlanFromShippedKnowledge) {
  confirm_analysis();
  request.options.scheme = "fp8";
  auto r = make_plan(request, observer);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(r->exit_code(), core::ExitCode::ok);
  const auto* written = std::get_if<plan_end::Written>(&r->end);
  ASSERT_NE(written, nullptr);
  EXPECT_EQ(written->path, wd.plan());
  auto on_disk = core::read_json_file(wd.plan());
  ASSERT_TRUE(on_disk.has_value());
  EXPECT_EQ(core::canonical_dump(*on_disk), core::canonical_dump(written->doc));
  EXPECT_EQ(written->doc["global_scheme"], "fp8");
  EXPECT_EQ(written->doc["analysis_digest"], digest);
  EXPECT_EQ(observer.events, std::vector<std::string>{"shipped 0.13"});
  EXPECT_TRUE(captured.empty());  // --target given: no GPU query
}

TEST_F(PlanFlow, InvalidPlanIsAnOutcomeAndWritesNothing) {
  confirm_analysis();
  request.options.scheme = "no_such_scheme";
  auto r = make_plan(request, observer);
  ASSERT_TRUE(r.has_value()) << r.error().id;
  EXPECT_EQ(r->exit_code(), core::ExitCode::plan_invalid);
  const auto* invalid = std::get_if<plan_end::Invalid>(&r->end);
  ASSERT_NE(invalid, nullptr);
  EXPECT_FALSE(invalid->plan.problems.empty());
  EXPECT_FALSE(fs::exists(wd.plan()));
}

TEST_F(PlanFlow, UnconfirmedAnalysisStopsBeforeAnything) {
  request.options.overrides = {"broken"};
  auto r = make_plan(request, observer);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, core::ExitCode::not_confirmed);  // the checkpoint is judged before the options
  EXPECT_TRUE(observer.events.empty());
  EXPECT_FALSE(fs::exists(wd.plan()));
}

TEST_F(PlanFlow, BadOverrideAndEmptyExcludeAreUsageErrors) {
  confirm_analysis();
  request.options.overrides = {"model.layers.*=", "=fp8"};
  auto bad = make_plan(request, observer);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().id, "plan.bad_override");
  request.options.overrides = {"*.down_proj=fp8"};
  request.options.excludes = {""};
  auto empty = make_plan(request, observer);
  ASSERT_FALSE(empty.has_value());
  EXPECT_EQ(empty.error().id, "plan.empty_exclude");
}

TEST_F(PlanFlow, NoQuarkAnywhereIsEnvNotReady) {
  confirm_analysis();
  request.options.quark_version.clear();
  auto r = make_plan(request, observer);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "plan.no_quark");
  EXPECT_EQ(r.error().code, core::ExitCode::env_not_ready);
}

// Start adjusts a reused plan from the options it recorded; a plan that does not read says which
// field, rather than re-planning with the options left out.
TEST(PlanRequestFromDocument, TakesTheRecordedOptionsOfAPlanThatReads) {
  PlanRequest base;
  base.options.target = "h100";
  auto recorded = plan_request_from_document({{"options", {{"target", "h200"}, {"calib_samples", 16}}}}, base);
  ASSERT_TRUE(recorded) << recorded.error().id;
  EXPECT_EQ(recorded->options.target, "h200");
  EXPECT_EQ(recorded->options.calib_samples, 16);
  auto none = plan_request_from_document({{"global_scheme", "fp8"}}, base);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->options.target, "h100");
  auto wrong = plan_request_from_document({{"options", "--target h200"}}, base);
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().id, "artifacts.field_invalid");
  EXPECT_EQ(*wrong.error().arg("problem"), "options is not an object");
}

}  // namespace
}  // namespace flow
