#include "workflow/next_action.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/messages.h"
#include "workflow/state.h"

namespace {

using workflow::NextAction;

// The ids are the documents' "id" and the catalog's keys: a value that mapped to another
// value's id would show the wrong text and break every --json reader.
TEST(NextAction, EachValueHasItsOwnCatalogId) {
  std::set<std::string> seen;
  for (NextAction a : workflow::kAllNextActions) {
    std::string id(workflow::next_action_id(a));
    EXPECT_EQ(id.rfind("workflow.next_", 0), 0u) << id;
    EXPECT_TRUE(seen.insert(id).second) << "two values share " << id;
    EXPECT_TRUE(core::catalog_has(core::Lang::en, id)) << id;
    EXPECT_TRUE(core::catalog_has(core::Lang::ja, id)) << id;
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(NextAction::done) + 1) << "kAllNextActions misses a value";
}

TEST(NextAction, IdsAreTheOnesTheDocumentsCarry) {
  EXPECT_EQ(workflow::next_action_id(NextAction::analyze), "workflow.next_analyze");
  EXPECT_EQ(workflow::next_action_id(NextAction::fix_environment), "workflow.next_fix_environment");
  EXPECT_EQ(workflow::next_action_id(NextAction::evaluation_not_pass), "workflow.next_evaluation_not_pass");
  EXPECT_EQ(workflow::next_action_id(NextAction::rerun_interrupted), "workflow.next_rerun_interrupted");
  EXPECT_EQ(workflow::next_action_id(NextAction::done), "workflow.next_done");
}

TEST(Verification, NamesAreTheManifestsWords) {
  EXPECT_EQ(workflow::verification_name(workflow::Verification::success), "success");
  EXPECT_EQ(workflow::verification_name(workflow::Verification::partial), "partial");
  EXPECT_EQ(workflow::verification_name(workflow::Verification::failed), "failed");
}

}  // namespace
