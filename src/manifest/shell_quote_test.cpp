#include "manifest/shell_quote.h"

#include <gtest/gtest.h>

#include <optional>

namespace manifest {
namespace {

// A tiny POSIX-shell word splitter: blanks, single quotes, double quotes and backslashes,
// which is all a shell would see in our display form. nullopt on unbalanced quotes.
std::optional<std::vector<std::string>> split_words(const std::string& s) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(cur);
      cur.clear();
      in_word = false;
    } else if (c == '\'') {
      auto end = s.find('\'', i + 1);
      if (end == std::string::npos) return std::nullopt;
      cur += s.substr(i + 1, end - i - 1);
      i = end;
      in_word = true;
    } else if (c == '\\') {
      if (i + 1 >= s.size()) return std::nullopt;
      cur += s[++i];
      in_word = true;
    } else if (c == '"') {
      return std::nullopt;  // we never emit double quotes
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(cur);
  return words;
}

const std::vector<std::string> kHardWords = {
    "plain", "", " ", "a b", "it's", "'", "''", "a\"b", "line1\nline2", "-leading-dash", "--flag=value",
    "$HOME", "`id`", "a;b", "a|b", "*glob*", "tab\there", "日本語のパス", "ünïcödé", "back\\slash", "~user", "#hash", "x=1",
};

TEST(ShellQuote, SafeWordsStayBare) {
  EXPECT_EQ(shell_quote("torch-llm-ptq"), "torch-llm-ptq");
  EXPECT_EQ(shell_quote("/abs/path/quark-cli"), "/abs/path/quark-cli");
  EXPECT_EQ(shell_quote("--model_dir"), "--model_dir");
  EXPECT_EQ(shell_quote("Qwen/Qwen3-8B"), "Qwen/Qwen3-8B");
}

TEST(ShellQuote, UnsafeWordsAreSingleQuoted) {
  EXPECT_EQ(shell_quote(""), "''");
  EXPECT_EQ(shell_quote("a b"), "'a b'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote("*down_proj"), "'*down_proj'");
}

TEST(ShellQuote, EveryHardWordRoundTrips) {
  for (const auto& w : kHardWords) {
    auto back = split_words(shell_quote(w));
    ASSERT_TRUE(back.has_value()) << w;
    ASSERT_EQ(back->size(), 1u) << w;
    EXPECT_EQ(back->front(), w);
  }
}

TEST(ShellQuote, DisplayRoundTripsArgvAndEnvironment) {
  std::vector<std::string> argv = {"/opt/my env/bin/quark-cli", "torch-llm-ptq"};
  argv.insert(argv.end(), kHardWords.begin(), kHardWords.end());
  std::vector<std::pair<std::string, std::string>> env = {{"HIP_VISIBLE_DEVICES", "0,1"}, {"X", "a b"}};
  std::string shown = display_command(argv, env);
  EXPECT_EQ(shown.find('\n') == std::string::npos, false);  // newlines stay literal in quotes
  auto words = split_words(shown);
  ASSERT_TRUE(words.has_value());
  ASSERT_EQ(words->size(), argv.size() + env.size());
  EXPECT_EQ((*words)[0], "HIP_VISIBLE_DEVICES=0,1");
  EXPECT_EQ((*words)[1], "X=a b");
  for (std::size_t i = 0; i < argv.size(); ++i) EXPECT_EQ((*words)[i + env.size()], argv[i]);
}

TEST(ShellQuote, FirstWordWithEqualsIsNotAnAssignment) {
  std::string shown = display_command({"x=1", "y=2"}, {});
  EXPECT_EQ(shown, "'x=1' y=2");
}

}  // namespace
}  // namespace manifest
