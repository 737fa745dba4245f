#include "core/shell_quote.h"

#include <gtest/gtest.h>

#include <optional>

namespace core {
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
    } else if (c == '$' && i + 1 < s.size() && s[i + 1] == '\'') {
      // $'...': \n, \t, \\, \' and \xHH, which is all we emit.
      for (i += 2; i < s.size() && s[i] != '\''; ++i) {
        if (s[i] != '\\') {
          cur += s[i];
          continue;
        }
        if (++i >= s.size()) return std::nullopt;
        char e = s[i];
        if (e == 'n') {
          cur += '\n';
        } else if (e == 't') {
          cur += '\t';
        } else if (e == 'x') {
          if (i + 2 >= s.size()) return std::nullopt;
          cur += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
          i += 2;
        } else {
          cur += e;
        }
      }
      if (i >= s.size()) return std::nullopt;
      in_word = true;
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
    "plain",
    "",
    " ",
    "a b",
    "it's",
    "'",
    "''",
    "a\"b",
    "line1\nline2",
    "-leading-dash",
    "--flag=value",
    "$HOME",
    "`id`",
    "a;b",
    "a|b",
    "*glob*",
    "tab\there",
    "日本語のパス",
    "ünïcödé",
    "back\\slash",
    "~user",
    "#hash",
    "x=1",
    "\x1b[2J\x1b[1;1Hquark-cli",
    "esc\x1b]0;title\x07",
    "cr\rover",
    "del\x7f",
    "c1\xc2\x9b"
    "csi",
    "bidi\xe2\x80\xae"
    "evil",
    "it's\n",
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
  EXPECT_EQ(shown.find('\n'), std::string::npos);  // one line, whatever the words hold
  auto words = split_words(shown);
  ASSERT_TRUE(words.has_value());
  ASSERT_EQ(words->size(), argv.size() + env.size());
  EXPECT_EQ((*words)[0], "HIP_VISIBLE_DEVICES=0,1");
  EXPECT_EQ((*words)[1], "X=a b");
  for (std::size_t i = 0; i < argv.size(); ++i) EXPECT_EQ((*words)[i + env.size()], argv[i]);
}

// No word may put an escape sequence on the terminal.
TEST(ShellQuote, ControlCharactersAreWrittenAsEscapes) {
  EXPECT_EQ(shell_quote("a\nb"), "$'a\\nb'");
  EXPECT_EQ(shell_quote("\x1b[31mred"), "$'\\x1b[31mred'");
  EXPECT_EQ(shell_quote("it's\t"), "$'it\\'s\\t'");
  EXPECT_EQ(shell_quote("x\xe2\x80\xaey"), "$'x\\xe2\\x80\\xaey'");
  for (const auto& w : kHardWords) {
    for (char c : shell_quote(w)) EXPECT_FALSE(c == 0x1b || c == '\r' || c == '\n' || c == 0x7f) << w;
  }
}

TEST(ShellQuote, FirstWordWithEqualsIsNotAnAssignment) {
  std::string shown = display_command({"x=1", "y=2"}, {});
  EXPECT_EQ(shown, "'x=1' y=2");
}

}  // namespace
}  // namespace core
