#include <gtest/gtest.h>

#include "core/json_io.h"
#include "core/schema.h"

namespace {

core::Json minimal_analysis() {
  return core::parse_json(R"({
    "analysis_status": "complete",
    "model": {"model_path": "/m", "model_type": "llama", "trust_remote_code": false},
    "quantization_targets": {"linear_layer_count": 7, "exclude_defaults": ["lm_head"]},
    "risks": []
  })",
                          "t")
      .value();
}

TEST(Schema, PublishedMinimalAnalysisIsValid) { EXPECT_TRUE(core::schema_issues(minimal_analysis(), core::kSchemaModelAnalysis).empty()); }

TEST(Schema, ViolationsNameThePointer) {
  auto doc = minimal_analysis();
  doc["analysis_status"] = "done";
  doc["quantization_targets"]["linear_layer_count"] = -1;
  auto issues = core::schema_issues(doc, core::kSchemaModelAnalysis);
  ASSERT_FALSE(issues.empty());
  bool saw_status = false;
  for (const auto& i : issues) saw_status |= i.pointer == "/analysis_status";
  EXPECT_TRUE(saw_status);
  auto r = core::validate_against(doc, core::kSchemaModelAnalysis, "model_analysis.json");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.schema_invalid");
}

TEST(Schema, AllShippedSchemasLoad) {
  for (auto name : {core::kSchemaModelAnalysis, core::kSchemaQuantPlan, core::kSchemaRunManifest}) {
    EXPECT_FALSE(core::schema_text(name).empty()) << name;
    auto issues = core::schema_issues(core::Json::object(), name);
    ASSERT_FALSE(issues.empty()) << name;  // an empty object lacks required fields
    EXPECT_EQ(issues.back().message.find("embedded schema failed"), std::string::npos) << issues.back().message;
  }
}

// The regex of a "pattern" constraint is compiled once per thread and kept (core/schema.cpp):
// what it matched before decides nothing about the next document, whichever comes first.
TEST(Schema, PatternVerdictsDoNotCarryOver) {
  auto checkpoints = [](const std::string& digest) {
    return core::Json{{"artifact", "checkpoints"},
                      {"schema_version", 1},
                      {"confirmations",
                       {{{"checkpoint", 1},
                         {"name", "analysis"},
                         {"reason", "r"},
                         {"decision", "confirmed"},
                         {"digest", digest},
                         {"confirmed_at", "2026-12-02T01:08:20Z"},
                         {"user_words", "w"}}}}};
  };
  const std::string good = "sha256:" + std::string(64, 'a');
  const std::string bad = "sha256:" + std::string(64, 'A');
  for (int round = 0; round < 2; ++round) {
    EXPECT_TRUE(core::schema_issues(checkpoints(good), core::kSchemaCheckpoints).empty()) << round;
    auto issues = core::schema_issues(checkpoints(bad), core::kSchemaCheckpoints);
    ASSERT_FALSE(issues.empty()) << round;
    EXPECT_EQ(issues.front().pointer, "/confirmations/0/digest") << round;
  }
  // The same pattern in another schema (quant_plan's analysis_digest) is judged alike.
  auto plan = core::Json::object();
  plan["analysis_digest"] = bad;
  bool saw = false;
  for (const auto& i : core::schema_issues(plan, core::kSchemaQuantPlan)) saw |= i.pointer == "/analysis_digest";
  EXPECT_TRUE(saw);
}

TEST(Schema, UnknownSchemaIsReported) {
  auto issues = core::schema_issues(core::Json::object(), "nope");
  ASSERT_EQ(issues.size(), 1u);
}

}  // namespace
