#include "artifacts/evaluator.h"

#include <gtest/gtest.h>

namespace {

TEST(Evaluator, ReadsTheSectionAndNamesADamagedField) {
  const core::Json section = {{"python", "/usr/bin/python3"}, {"source", "/models/smol"},     {"output", "/out/fp8"}, {"text", nullptr},
                              {"settings", {{"windows", 8}}}, {"bound", core::Json::object()}};
  auto e = artifacts::Evaluator::from_json(section);
  ASSERT_TRUE(e) << e.error().id;
  EXPECT_EQ(e->python, "/usr/bin/python3");
  EXPECT_EQ(e->output, "/out/fp8");
  EXPECT_EQ(e->text, "");  // null: the plan gave none
  EXPECT_EQ(e->settings["windows"], 8);
  core::Json bad = section;
  bad["source"] = 3;
  auto refused = artifacts::Evaluator::from_json(bad);
  ASSERT_FALSE(refused);
  EXPECT_EQ(*refused.error().arg("problem"), "evaluator/source is not a string");
}

}  // namespace
