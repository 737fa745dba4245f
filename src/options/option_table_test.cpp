#include "options/option_table.h"

#include <gtest/gtest.h>

#include <set>

#include "core/json_io.h"
#include "core/messages.h"
#include "support/temp_dir.h"

namespace {

// A value for each row unlike its default, so that each row is seen to change its own field.
options::PlanOptions with_row_set(const options::PlanOptionRow& row) {
  options::PlanOptions o;
  std::visit(
      [&](auto member) {
        auto& field = o.*member;
        using T = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<T, std::string>) {
          field = std::string(row.key) + " value";
        } else if constexpr (std::is_same_v<T, std::optional<int>>) {
          field = 7;
        } else if constexpr (std::is_same_v<T, bool>) {
          field = true;
        } else {
          field = {"--a b", "c"};
        }
      },
      row.field);
  return o;
}

TEST(OptionTable, EachRowOwnsOneFieldAndOneNameOfEachKind) {
  std::set<std::string_view> keys, flags, mcp;
  std::set<std::string> changed;
  for (const auto& row : options::plan_option_rows()) {
    EXPECT_TRUE(keys.insert(row.key).second) << row.key;
    EXPECT_TRUE(flags.insert(row.flag).second) << row.flag;
    EXPECT_TRUE(mcp.insert(row.mcp_name).second) << row.mcp_name;
    EXPECT_EQ(options::find_plan_option(row.flag), &row);
    const options::PlanOptions o = with_row_set(row);
    EXPECT_FALSE(o == options::PlanOptions{}) << row.key;
    // Only this row's value differs from the defaults.
    for (const auto& other : options::plan_option_rows()) {
      if (&other == &row) continue;
      EXPECT_EQ(options::value_json(o, other), options::value_json(options::PlanOptions{}, other)) << row.key << " touches " << other.key;
    }
  }
  // Every field of PlanOptions is some row's: the binding below names each field once (it stops
  // compiling when a field is added), and the rows are as many.
  const options::PlanOptions o;
  const auto& [f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21] = o;
  (void)f1, (void)f2, (void)f3, (void)f4, (void)f5, (void)f6, (void)f7, (void)f8, (void)f9, (void)f10;
  (void)f11, (void)f12, (void)f13, (void)f14, (void)f15, (void)f16, (void)f17, (void)f18, (void)f19, (void)f20, (void)f21;
  EXPECT_EQ(options::plan_option_rows().size(), 21u);
}

TEST(OptionTable, RecordedOptionsRoundTrip) {
  options::PlanOptions all;
  for (const auto& row : options::plan_option_rows()) options::copy_option(all, with_row_set(row), row);
  const core::Json j = options::to_json(all);
  EXPECT_FALSE(j.contains("write_template"));  // an action, not a recorded choice
  auto back = options::from_json(j);
  ASSERT_TRUE(back.has_value()) << back.error().id;
  options::PlanOptions expected = all;
  expected.write_template = false;
  EXPECT_EQ(*back, expected);
  EXPECT_EQ(options::to_json(*back), j);
}

TEST(OptionTable, RecordedOptionsAreReadStrictly) {
  for (const char* bad : {R"({"schema": "fp8"})", R"({"calib_samples": "64"})", R"({"calib_samples": 0})", R"({"exclude": "lm_head"})",
                          R"({"multi_device": "yes"})", R"({"write_template": true})", R"({"excludes": ["lm_head"]})"}) {
    auto r = options::from_json(core::Json::parse(bad));
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().id, "options.bad_recorded") << bad;
  }
}

TEST(OptionTable, TheCommandGivesBackTheSameArgv) {
  options::PlanOptions o;
  o.target = "mi300x";
  o.excludes = {"lm_head", "--not a flag", "it's"};
  o.calib_samples = 64;
  o.trust_remote_code = true;
  EXPECT_EQ(options::plan_argv(o),
            (std::vector<std::string>{"--target", "mi300x", "--priority", "balanced", "--exclude", "lm_head", "--exclude", "--not a flag",
                                      "--exclude", "it's", "--calib-samples", "64", "--trust-remote-code"}));
  EXPECT_EQ(options::plan_command(o),
            "quark-ptq plan --target mi300x --priority balanced --exclude lm_head --exclude '--not a flag' --exclude 'it'\\''s' "
            "--calib-samples 64 --trust-remote-code");
  EXPECT_EQ(options::plan_command(o, {"exclude", "priority"}), "quark-ptq plan --target mi300x --calib-samples 64 --trust-remote-code");
}

TEST(OptionTable, ChoicesAndDefaultsComeFromKnowledge) {
  const auto* priority = options::find_plan_option("--priority");
  ASSERT_NE(priority, nullptr);
  EXPECT_EQ(options::choices(*priority), (std::vector<std::string>{"accuracy", "balanced", "size"}));
  const auto* eval = options::find_plan_option("eval");
  ASSERT_NE(eval, nullptr);
  EXPECT_EQ(options::choices(*eval), (std::vector<std::string>{"none", "smoke", "full"}));
  EXPECT_EQ(options::help_text(core::Lang::en, *options::find_plan_option("calib_samples")), "Calibration samples (default: 512)");
  // --compare-max's default is the rules' bound, not a constant of the table.
  EXPECT_EQ(options::help_text(core::Lang::en, *options::find_plan_option("--compare-max")),
            "The most candidates one comparison holds (default: 4)");
  EXPECT_NE(options::help_text(core::Lang::en, *options::find_plan_option("target")).find("mi355x"), std::string::npos);
  for (const auto& row : options::plan_option_rows()) {
    for (core::Lang lang : {core::Lang::en, core::Lang::ja}) {
      EXPECT_TRUE(core::catalog_has(lang, row.help_id)) << row.help_id;
      EXPECT_EQ(options::help_text(lang, row).find('{'), std::string::npos) << row.help_id << " left a placeholder unfilled";
    }
  }
}

// quant_plan.json's schema lists exactly the recorded rows, with their types.
TEST(OptionTable, ThePlanSchemaListsTheRecordedRows) {
  auto schema = core::read_json_file(test_support::source_path("references/contracts/quant_plan.schema.json"));
  ASSERT_TRUE(schema.has_value());
  const core::Json& props = (*schema)["properties"]["options"]["properties"];
  EXPECT_EQ((*schema)["properties"]["options"]["additionalProperties"], false);
  std::set<std::string> in_schema, in_table;
  for (auto it = props.begin(); it != props.end(); ++it) in_schema.insert(it.key());
  for (const auto& row : options::plan_option_rows()) {
    if (!row.recorded) continue;
    in_table.insert(std::string(row.key));
    const core::Json& p = props[std::string(row.key)];
    switch (row.kind) {
      case options::Kind::count:
        EXPECT_EQ(p["type"], "integer") << row.key;
        break;
      case options::Kind::flag:
        EXPECT_EQ(p["const"], true) << row.key;
        break;
      case options::Kind::list:
        EXPECT_EQ(p["type"], "array") << row.key;
        break;
      default:
        EXPECT_EQ(p["type"], "string") << row.key;
    }
  }
  EXPECT_EQ(in_schema, in_table);
}

}  // namespace
