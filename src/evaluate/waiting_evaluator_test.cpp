// The evaluator started early and held at its gate, against the golden tests' fake evaluator
// (tests/fakes/evaluator-python, a real child that speaks the same protocol as
// knowledge/probes/evaluate.py): told to go, it evaluates with the arguments a direct start
// gets; released, it exits with its own status having written nothing.
#include "evaluate/waiting_evaluator.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <thread>

#include "core/fs.h"
#include "evaluate/run_evaluation.h"
#include "support/temp_dir.h"

namespace evaluate {
namespace {

namespace fs = std::filesystem;

class WaitingEvaluator : public ::testing::Test {
 protected:
  void SetUp() override {
    ::setenv("FAKE_EVAL", "pass", 1);
    ::setenv("FAKE_EVAL_WAITED", waited().c_str(), 1);
    req.python = std::string(QPTQ_SOURCE_DIR) + "/tests/fakes/evaluator-python";
    req.source = dir.path() / "source";
    req.output = dir.path() / "output";
    req.text = dir.path() / "heldout.jsonl";
    req.settings.intent = "smoke";
    req.settings.windows = 6;
    req.settings.seq_len = 128;
    req.settings.canary_tokens = 8;
    req.settings.budget_seconds = 60;
    req.settings.max_ppl_increase_pct = 5;
    req.settings.z = 1.96;
    req.work_dir = dir.path() / "evaluation";
    req.echo_fd = -1;
  }
  void TearDown() override {
    ::unsetenv("FAKE_EVAL");
    ::unsetenv("FAKE_EVAL_WAITED");
  }
  fs::path waited() const { return dir.path() / "waited"; }
  std::string waited_text() const {
    auto t = core::read_file(waited());
    return t ? *t : "";
  }

  test_support::TempDir dir;
  Request req;
};

TEST_F(WaitingEvaluator, ToldToGoItEvaluatesAsADirectStartWould) {
  auto child = start_waiting_evaluator(req.python);
  ASSERT_TRUE(child) << child.error().id;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(fs::exists(req.work_dir));  // nothing is made before the go
  EvaluationResult waited_result = run_evaluation(req, std::move(*child));
  EXPECT_EQ(waited_result.verdict, Status::pass) << waited_result.reason.text();
  EXPECT_EQ(waited_text(), "waited\n");
  EXPECT_LT(waited_result.process_seconds, 0.3 + 5);  // from the go, not from the start
  auto log = core::read_file(waited_result.log);
  ASSERT_TRUE(log);
  EXPECT_NE(log->find("fake evaluator"), std::string::npos);

  EvaluationResult direct = run_evaluation(req);
  EXPECT_EQ(direct.verdict, Status::pass);
  EXPECT_EQ(waited_text(), "waited\n");  // a direct start does not wait
  EXPECT_EQ(direct.record().to_json()["perplexity"], waited_result.record().to_json()["perplexity"]);
  EXPECT_EQ(direct.record().to_json()["canary"], waited_result.record().to_json()["canary"]);
}

TEST_F(WaitingEvaluator, ReleasedItExitsWithItsOwnStatusHavingDoneNothing) {
  auto child = start_waiting_evaluator(req.python);
  ASSERT_TRUE(child);
  runner::ReleasedChild r = child->release(5);
  EXPECT_EQ(r.exit_code, kReleasedExitCode);
  EXPECT_FALSE(r.killed);
  EXPECT_FALSE(fs::exists(req.work_dir));
  EXPECT_EQ(waited_text(), "");
}

TEST_F(WaitingEvaluator, APathThatIsNotUtf8GoesToADirectStart) {
  req.work_dir = dir.path() / "evaluation-\xff";
  auto child = start_waiting_evaluator(req.python);
  ASSERT_TRUE(child);
  EvaluationResult r = run_evaluation(req, std::move(*child));
  EXPECT_EQ(r.verdict, Status::pass) << r.reason.text();
  EXPECT_EQ(waited_text(), "");
  EXPECT_EQ(r.log.parent_path(), req.work_dir);
}

TEST(GoLine, IsOneLineWhateverTheArgumentsHold) {
  std::string line = go_line({"--text", "/a b/c\nd", "日本語"});
  EXPECT_EQ(line, "go [\"--text\",\"/a b/c\\nd\",\"日本語\"]\n");
  EXPECT_EQ(go_line({}), "go []\n");
}

TEST(WaitingEvaluatorCommand, IsADirectStartsCommandWithoutItsArguments) {
  runner::CommandSpec waiting = waiting_evaluator_command("/opt/py", "SCRIPT");
  runner::CommandSpec direct = evaluator_command("/opt/py", "SCRIPT", {});
  EXPECT_EQ(waiting.argv, (std::vector<std::string>{"/opt/py", "-c", "SCRIPT", "--wait-for-go"}));
  EXPECT_EQ(waiting.cwd, direct.cwd);
  ASSERT_EQ(waiting.env_set.size(), direct.env_set.size());
  for (std::size_t i = 0; i < waiting.env_set.size(); ++i) EXPECT_EQ(waiting.env_set[i].name, direct.env_set[i].name);
}

}  // namespace
}  // namespace evaluate
