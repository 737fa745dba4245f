#include "options/prepare_table.h"

#include <gtest/gtest.h>

#include <set>

#include "core/messages.h"

namespace {

// A value for each row unlike its default, so that each row is seen to change its own field.
options::PrepareOptions with_row_set(const options::PrepareOptionRow& row) {
  options::PrepareOptions o;
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
          field = {"a b"};
        }
      },
      row.field);
  return o;
}

TEST(PrepareTable, EachRowOwnsOneFieldAndOneNameOfEachKind) {
  std::set<std::string_view> keys, flags, mcp;
  for (const auto& row : options::prepare_option_rows()) {
    EXPECT_TRUE(keys.insert(row.key).second) << row.key;
    EXPECT_TRUE(flags.insert(row.flag).second) << row.flag;
    EXPECT_TRUE(mcp.insert(row.mcp_name).second) << row.mcp_name;
    EXPECT_EQ(options::find_prepare_option(row.flag), &row);
    EXPECT_EQ(options::find_prepare_option(row.key), &row);
    EXPECT_FALSE(with_row_set(row) == options::PrepareOptions{}) << row.key;
    for (core::Lang lang : {core::Lang::en, core::Lang::ja}) {
      EXPECT_TRUE(core::catalog_has(lang, row.help_id)) << row.help_id;
      EXPECT_EQ(options::help_text(lang, row).find('{'), std::string::npos) << row.help_id << " left a placeholder unfilled";
    }
  }
  // Every field of PrepareOptions is some row's: the binding below names each field once (it
  // stops compiling when a field is added), and the rows are as many.
  const options::PrepareOptions o;
  const auto& [f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13] = o;
  (void)f1, (void)f2, (void)f3, (void)f4, (void)f5, (void)f6, (void)f7, (void)f8, (void)f9, (void)f10, (void)f11, (void)f12, (void)f13;
  EXPECT_EQ(options::prepare_option_rows().size(), 13u);
  EXPECT_TRUE(options::find_prepare_option("--output-dir")->required);
}

TEST(PrepareTable, TheCommandNamesEachGivenOption) {
  options::PrepareOptions o;
  o.output_dir = "/out/it's";
  o.overwrite = true;
  EXPECT_EQ(options::prepare_command(o), "quark-ptq prepare --output-dir '/out/it'\\''s' --overwrite");
  o.python = "/venv/bin/python";
  EXPECT_EQ(options::prepare_command(o), "quark-ptq prepare --output-dir '/out/it'\\''s' --python /venv/bin/python --overwrite");
  o.python.clear();
  o.executor = "slurm";
  o.gpus = 2;
  o.mem = "64G";
  EXPECT_EQ(options::prepare_command(o), "quark-ptq prepare --output-dir '/out/it'\\''s' --overwrite --executor slurm --gpus 2 --mem 64G");
}

TEST(PrepareTable, TheExecutorIsAChoiceWithItsDefault) {
  const auto* row = options::find_prepare_option("--executor");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(options::choices(*row), (std::vector<std::string>{"local", "slurm"}));
  EXPECT_NE(options::help_text(core::Lang::en, *row).find("local, slurm (default: local)"), std::string::npos);
  EXPECT_NE(options::help_text(core::Lang::en, *options::find_prepare_option("mem")).find("25 %"), std::string::npos);
}

TEST(PrepareTable, ThePreflightIsAChoiceLeftOutOfTheCommandUnlessGiven) {
  const auto* row = options::find_prepare_option("--preflight");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(options::choices(*row), (std::vector<std::string>{"job", "login"}));
  EXPECT_NE(options::help_text(core::Lang::en, *row).find("job, login (default: job"), std::string::npos);
  options::PrepareOptions o;
  o.output_dir = "/out";
  o.executor = "slurm";
  EXPECT_EQ(options::prepare_command(o), "quark-ptq prepare --output-dir /out --executor slurm");
  o.preflight = "login";
  EXPECT_EQ(options::prepare_command(o), "quark-ptq prepare --output-dir /out --executor slurm --preflight login");
}

}  // namespace
