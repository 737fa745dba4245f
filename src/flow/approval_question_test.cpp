#include "flow/approval_question.h"

#include <deque>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace {

// Answers typed in order, then end of input; records each "asked again" with its count.
class ScriptedQuestion final : public flow::ApprovalQuestion {
 public:
  explicit ScriptedQuestion(std::deque<std::string> answers) : m_answers(std::move(answers)) {}
  std::optional<std::string> ask() override {
    ++asked;
    if (m_answers.empty()) return std::nullopt;
    std::string a = m_answers.front();
    m_answers.pop_front();
    return a;
  }
  void on_asking_again(const std::string& answer, int asks_left) override { again.emplace_back(answer, asks_left); }

  int asked = 0;
  std::vector<std::pair<std::string, int>> again;

 private:
  std::deque<std::string> m_answers;
};

TEST(ApprovalQuestion, AnApprovalDecidesAtOnce) {
  ScriptedQuestion q({"yes", "no"});
  EXPECT_EQ(flow::ask_until_decided(q), "yes");
  EXPECT_EQ(q.asked, 1);
  EXPECT_TRUE(q.again.empty());
}

TEST(ApprovalQuestion, ARefusalDecidesAtOnce) {
  ScriptedQuestion q({"no", "yes"});
  EXPECT_EQ(flow::ask_until_decided(q), "no");
  EXPECT_EQ(q.asked, 1);
}

TEST(ApprovalQuestion, ASlipIsAskedAgainAndNeverReadAsYes) {
  ScriptedQuestion q({"y", "ok", "はい"});
  EXPECT_EQ(flow::ask_until_decided(q), "はい");
  EXPECT_EQ(q.asked, 3);
  ASSERT_EQ(q.again.size(), 2u);
  EXPECT_EQ(q.again[0], std::make_pair(std::string("y"), 2));
  EXPECT_EQ(q.again[1], std::make_pair(std::string("ok"), 1));
}

TEST(ApprovalQuestion, AfterThreeSlipsTheLastAnswerStands) {
  ScriptedQuestion q({"y", "ok", "sure", "yes"});
  EXPECT_EQ(flow::ask_until_decided(q), "sure");
  EXPECT_EQ(q.asked, flow::kMaxApprovalAsks);
  EXPECT_EQ(q.again.size(), 2u);
}

TEST(ApprovalQuestion, EndOfInputStopsWithoutAskingAgain) {
  ScriptedQuestion q({"y"});
  EXPECT_EQ(flow::ask_until_decided(q), std::nullopt);
  EXPECT_EQ(q.asked, 2);
  EXPECT_EQ(q.again.size(), 1u);
}

}  // namespace
