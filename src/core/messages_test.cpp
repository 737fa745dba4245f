// The two catalogs must be complete and every message id used in the sources must exist in
// both, so that no user ever sees a raw id.
#include <gtest/gtest.h>

#include <fstream>
#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "core/messages.h"
#include "support/temp_dir.h"

namespace {

TEST(Messages, CatalogsHaveTheSameIds) {
  auto en = core::catalog_ids(core::Lang::en);
  auto ja = core::catalog_ids(core::Lang::ja);
  std::set<std::string> se(en.begin(), en.end());
  std::set<std::string> sj(ja.begin(), ja.end());
  for (const auto& id : se) EXPECT_TRUE(sj.count(id)) << "missing in Japanese: " << id;
  for (const auto& id : sj) EXPECT_TRUE(se.count(id)) << "missing in English: " << id;
  EXPECT_FALSE(se.empty());
}

TEST(Messages, PlaceholdersAgreeBetweenLanguages) {
  std::regex ph(R"(\{([a-z_0-9]+(?::[a-z_0-9]+)?)\})");
  const auto en_ids = core::catalog_ids(core::Lang::en);
  for (const auto& id : en_ids) {
    std::set<std::string> a;
    std::set<std::string> b;
    std::string en = core::msg(core::Lang::en, id);
    std::string ja = core::msg(core::Lang::ja, id);
    for (std::sregex_iterator it(en.begin(), en.end(), ph), end; it != end; ++it) a.insert((*it)[1]);
    for (std::sregex_iterator it(ja.begin(), ja.end(), ph), end; it != end; ++it) b.insert((*it)[1]);
    EXPECT_EQ(a, b) << id;
    // {name:family} shows a code of an enum family: the family must exist.
    for (const auto& p : a) {
      auto colon = p.find(':');
      if (colon == std::string::npos || p.substr(colon + 1) == "msg") continue;
      std::string stem = "enum." + p.substr(colon + 1) + ".";
      EXPECT_TRUE(std::any_of(en_ids.begin(), en_ids.end(), [&](const std::string& i) { return i.rfind(stem, 0) == 0; }))
          << id << ": " << p;
    }
  }
}

// A code shown through {name:family} is in the reader's language; a value the family does not
// know (an older artifact's free text) is shown as it is.
TEST(Messages, EnumPlaceholdersShowTheCodeInTheLanguage) {
  const std::string ja = core::msg(core::Lang::ja, "envprobe.problem_no_gpu", {{"evidence", "torch_sees_none"}});
  EXPECT_EQ(ja.find("torch_sees_none"), std::string::npos) << ja;
  EXPECT_NE(ja.find(core::msg(core::Lang::ja, "enum.accelerator_evidence.torch_sees_none")), std::string::npos) << ja;
  const std::string en = core::msg(core::Lang::en, "envprobe.problem_no_gpu", {{"evidence", "free text of an old manifest"}});
  EXPECT_NE(en.find("(free text of an old manifest)"), std::string::npos) << en;
}

// Every string literal in src/ that looks like a catalog id ("<area>.<name>", where <area>
// is the first part of some catalog id) is in both catalogs, wherever it is used (make_error,
// say, a table of ids, a struct field...). A literal ending in '_' or '.' is the stem of ids
// built at run time ("cli.state_" + name): some id of both catalogs must start with it.
TEST(Messages, EveryLiteralIdInSourcesExists) {
  std::set<std::string> areas;
  for (const auto& id : core::catalog_ids(core::Lang::en)) areas.insert(id.substr(0, id.find('.')));
  std::string alternatives;
  for (const auto& a : areas) alternatives += (alternatives.empty() ? "" : "|") + a;
  std::regex literal("\"((?:" + alternatives + ")\\.[a-z0-9_.]+)\"");
  auto has_stem = [](core::Lang lang, const std::string& stem) {
    for (const auto& id : core::catalog_ids(lang)) {
      if (id.rfind(stem, 0) == 0) return true;
    }
    return false;
  };
  auto root = test_support::source_path("src");
  std::set<std::string> checked;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    auto ext = e.path().extension();
    if (ext != ".cpp" && ext != ".h") continue;
    if (e.path().filename().string().find("_test.") != std::string::npos) continue;
    std::ifstream f(e.path());
    std::stringstream ss;
    ss << f.rdbuf();
    std::string text = ss.str();
    for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it) {
      std::string id = (*it)[1];
      checked.insert(id);
      if (id.back() == '_' || id.back() == '.') {
        EXPECT_TRUE(has_stem(core::Lang::en, id)) << "no English id starts with " << id << " (" << e.path() << ")";
        EXPECT_TRUE(has_stem(core::Lang::ja, id)) << "no Japanese id starts with " << id << " (" << e.path() << ")";
        continue;
      }
      EXPECT_TRUE(core::catalog_has(core::Lang::en, id)) << id << " used in " << e.path();
      EXPECT_TRUE(core::catalog_has(core::Lang::ja, id)) << id << " used in " << e.path();
    }
  }
  EXPECT_GT(checked.size(), 400u);  // 454 distinct literal ids when this test was written
}

// {name:msg}: the value is a message of its own, filled from the same arguments in the same
// language (a sentence whose parts are chosen in code stays one translated sentence).
TEST(Messages, AMessagePlaceholderIsFilledInTheSameLanguage) {
  const std::vector<core::MessageArg> args = {
      {"role", "calibration"}, {"id", "pileval"}, {"fix", "envprobe.data.download"}, {"repo", "mit-han-lab/pile-val-backup"}};
  const std::string en = core::msg(core::Lang::en, "envprobe.problem_data_download", args);
  EXPECT_NE(en.find("the run downloads mit-han-lab/pile-val-backup after approval"), std::string::npos) << en;
  const std::string ja = core::msg(core::Lang::ja, "envprobe.problem_data_download", args);
  EXPECT_EQ(ja.find("after approval"), std::string::npos) << ja;
  EXPECT_NE(ja.find("mit-han-lab/pile-val-backup"), std::string::npos) << ja;
  // A value that is no message id is shown as it is (an older artifact's English text).
  EXPECT_NE(
      core::msg(core::Lang::ja, "envprobe.problem_data_download", {{"role", "r"}, {"id", "i"}, {"fix", "free text"}}).find("free text"),
      std::string::npos);
}

TEST(Messages, FillsPlaceholdersAndKeepsUnknownOnes) {
  core::Error e = core::make_error(core::ExitCode::bad_input, "core.io_error").with("path", "/x").with_detail("No such file\nor directory");
  EXPECT_EQ(core::render_error(core::Lang::en, e),
            "cannot read or access /x; check that it exists and is readable (No such file or directory)");
  EXPECT_NE(core::render_error(core::Lang::ja, e).find("/x"), std::string::npos);
  EXPECT_EQ(core::msg(core::Lang::en, "no.such.id", {{"a", "1"}}), "no.such.id a=1");
}

TEST(Messages, LanguageFromEnvironment) {
  ::setenv("LC_ALL", "ja_JP.UTF-8", 1);
  EXPECT_EQ(core::lang_from_environment(), core::Lang::ja);
  ::setenv("LC_ALL", "C.UTF-8", 1);
  EXPECT_EQ(core::lang_from_environment(), core::Lang::en);
  ::unsetenv("LC_ALL");
  ::unsetenv("LC_MESSAGES");
  ::setenv("LANG", "ja_JP.UTF-8", 1);
  EXPECT_EQ(core::lang_from_environment(), core::Lang::ja);
  ::unsetenv("LANG");
  EXPECT_EQ(core::lang_from_environment(), core::Lang::en);
}

}  // namespace
