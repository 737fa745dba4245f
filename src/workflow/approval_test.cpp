#include "workflow/approval.h"

#include <gtest/gtest.h>

namespace {

TEST(Approval, ExecutionAcceptsOnlyTheExplicitWords) {
  for (const char* yes : {"yes", "Yes", "YES.", "  run it ", "execute", "Execute!", "はい", "はい。", "\xE3\x80\x80実行して", "実行"}) {
    EXPECT_TRUE(workflow::is_execution_approval(yes)) << yes;
  }
  for (const char* no : {"", "y", "ok", "ok, the plan looks fine", "sure", "yes please", "no", "いいえ", "実行しない", "yes yes", "run",
                         "確認", "yes..", "実行してください"}) {
    EXPECT_FALSE(workflow::is_execution_approval(no)) << no;
  }
}

TEST(Approval, ConfirmationIsWiderButStillExplicit) {
  for (const char* yes : {"y", "Y", "ok", "confirm", "はい", "確認", "承認", "yes"}) {
    EXPECT_TRUE(workflow::is_confirmation(yes)) << yes;
  }
  for (const char* no : {"", "n", "no", "いいえ", "maybe", "model.model_type=llama", "ok, but change it"}) {
    EXPECT_FALSE(workflow::is_confirmation(no)) << no;
  }
}

TEST(Approval, RefusalWords) {
  for (const char* no : {"n", "No", "いいえ", "中止", "stop."}) EXPECT_TRUE(workflow::is_refusal(no)) << no;
  for (const char* other : {"yes", "", "use fewer samples"}) EXPECT_FALSE(workflow::is_refusal(other)) << other;
}

TEST(Approval, NormalizeDropsOnlyOneTrailingMark) {
  EXPECT_EQ(workflow::normalize_answer("  Run It!  "), "run it");
  EXPECT_EQ(workflow::normalize_answer("はい。"), "はい");
  EXPECT_EQ(workflow::normalize_answer("yes.."), "yes.");
}

}  // namespace
