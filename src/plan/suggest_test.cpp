#include "plan/suggest.h"

#include <gtest/gtest.h>

namespace {

TEST(Suggest, EditDistance) {
  EXPECT_EQ(plan::edit_distance("fp8", "fp8"), 0u);
  EXPECT_EQ(plan::edit_distance("fp8", "fp16"), 2u);
  EXPECT_EQ(plan::edit_distance("", "abc"), 3u);
  EXPECT_EQ(plan::edit_distance("kitten", "sitting"), 3u);
}

TEST(Suggest, ClosestPlausibleName) {
  std::vector<std::string> schemes = {"fp8", "ptpc_fp8", "int4_wo_128", "int4_wo_64", "mxfp4"};
  EXPECT_EQ(plan::closest_name("int4_wo128", schemes), "int4_wo_128");
  EXPECT_EQ(plan::closest_name("FP8", schemes), "fp8");
  EXPECT_EQ(plan::closest_name("mxfp_4", schemes), "mxfp4");
  EXPECT_FALSE(plan::closest_name("bananas", schemes).has_value());
}

}  // namespace
