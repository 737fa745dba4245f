// --help parsing on reconstructed argparse output (both alias renderings, wrapped and not)
// and on REAL captured outputs of installed Quark releases (tests/fixtures/plan/real/).
#include "plan/help_parser.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/fs.h"
#include "support/temp_dir.h"

namespace {

plan::HelpInfo parse_fixture(const std::string& rel) {
  auto text = core::read_file(test_support::source_path("tests/fixtures/plan/" + rel));
  EXPECT_TRUE(text.has_value()) << rel;
  auto info = plan::parse_help(*text, rel);
  EXPECT_TRUE(info.has_value()) << rel;
  return info ? *info : plan::HelpInfo{};
}

void expect_013_shape(const plan::HelpInfo& h, bool has_template_file) {
  EXPECT_TRUE(h.has_flag("--model_dir"));
  EXPECT_TRUE(h.has_flag("--quant_scheme"));
  EXPECT_TRUE(h.has_flag("--layer_quant_scheme"));
  EXPECT_TRUE(h.has_flag("--exclude_layers"));
  EXPECT_TRUE(h.has_flag("--no_trust_remote_code"));
  EXPECT_TRUE(h.has_flag("--kv_cache_quant_scheme"));
  EXPECT_EQ(h.has_flag("--template_file"), has_template_file);
  EXPECT_FALSE(h.has_flag("--group_size"));
  ASSERT_NE(h.choices_for("--dataset"), nullptr);
  EXPECT_EQ(h.choices_for("--dataset")->size(), 7u);
  EXPECT_EQ(h.choices_for("--dataset")->back(), "ScienceQA");
  ASSERT_NE(h.choices_for("--kv_cache_dtype"), nullptr);
  EXPECT_EQ(h.choices_for("--kv_cache_dtype")->front(), "fp8");
  EXPECT_EQ(h.choices_for("--kv_cache_dtype")->size(), 13u);
  // The alias carries the same choices and knows its primary.
  ASSERT_NE(h.choices_for("--kv_cache_quant_scheme"), nullptr);
  EXPECT_EQ(*h.choices_for("--kv_cache_quant_scheme"), *h.choices_for("--kv_cache_dtype"));
  EXPECT_EQ(h.alias_of.at("--kv_cache_quant_scheme"), "--kv_cache_dtype");
  ASSERT_NE(h.choices_for("--device"), nullptr);
  EXPECT_EQ(*h.choices_for("--device"), (std::vector<std::string>{"cuda", "cpu"}));
  EXPECT_EQ(h.choices_for("--quant_scheme"), nullptr);  // free text: schemes come from the probe
}

TEST(HelpParser, Python311AliasFormat) { expect_013_shape(parse_fixture("help/reconstructed-0.13-py311.txt"), true); }

TEST(HelpParser, Python313AliasFormat) { expect_013_shape(parse_fixture("help/reconstructed-0.13-py313.txt"), true); }

TEST(HelpParser, WrappedAt80ColumnsParsesTheSame) {
  expect_013_shape(parse_fixture("help/reconstructed-0.13-py311-wrapped80.txt"), true);
  expect_013_shape(parse_fixture("help/reconstructed-0.13-py313-wrapped80.txt"), true);
}

TEST(HelpParser, Release012HasNoTemplateFile) { expect_013_shape(parse_fixture("help/reconstructed-0.12-py311.txt"), false); }

TEST(HelpParser, DescriptionTextIsNotMistakenForFlags) {
  // The --layer_quant_scheme help mentions "--layer_quant_scheme '*down_proj' fp8"; the
  // --exclude_layers help mentions patterns. Neither invents flags.
  auto h = parse_fixture("help/reconstructed-0.13-py311.txt");
  for (const auto& f : h.flags) {
    EXPECT_EQ(f.find('\''), std::string::npos) << f;
  }
  EXPECT_EQ(h.flags.size(), 19u);
}

TEST(HelpParser, TextWithoutUsageIsAnError) {
  auto r = plan::parse_help("Traceback (most recent call last):\n  ImportError: torch\n", "quark-cli --help");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().id, "plan.help_unparsable");
  EXPECT_EQ(r.error().code, core::ExitCode::env_not_ready);
}

// Found by tests/fuzz/help_fuzz.cpp: std::regex recursed once per character of a choices
// list or flag name and overflowed the stack on a long one (the usage block is one joined
// line). A help text of any length parses in bounded stack.
TEST(HelpParser, LongChoicesAndFlagNamesParse) {
  std::string choices(200000, 'x');
  std::string flag = "--" + std::string(200000, 'f');
  std::string text = "usage: quark-cli [--dataset {" + choices + ",y}] [" + flag + "] [--open {never closed\n\n";
  text += "options:\n  --dataset {" + choices + ",y}, --ds {" + choices + ",y}  help\n";
  auto r = plan::parse_help(text, "quark-cli --help");
  ASSERT_TRUE(r.has_value());
  ASSERT_NE(r->choices_for("--dataset"), nullptr);
  EXPECT_EQ(*r->choices_for("--dataset"), (std::vector<std::string>{choices, "y"}));
  EXPECT_EQ(r->alias_of.at("--ds"), "--dataset");
  EXPECT_TRUE(r->has_flag(flag));
  EXPECT_TRUE(r->has_flag("--open"));
  EXPECT_EQ(r->choices_for("--open"), nullptr);
}

// Every REAL capture present must parse into the expected shape for its release.
TEST(HelpParser, RealCapturedOutputs) {
  auto dir = test_support::source_path("tests/fixtures/plan/real");
  int seen = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    std::string name = e.path().filename().string();
    if (name.rfind("help-", 0) != 0 || e.path().extension() != ".txt") {
      continue;
    }
    ++seen;
    bool is_013 = name.find("0.13") != std::string::npos;
    SCOPED_TRACE(name);
    std::string rel = std::filesystem::relative(e.path(), dir).string();
    expect_013_shape(parse_fixture("real/" + rel), is_013);
  }
  EXPECT_GE(seen, 6) << "expected real --help captures of at least two Quark releases";
}

}  // namespace
