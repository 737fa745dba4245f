#include "core/messages.h"
#include "core/text.h"

#include <gtest/gtest.h>

namespace {

TEST(Text, Trim) {
  EXPECT_EQ(core::trim("  a b\t\r\n"), "a b");
  EXPECT_EQ(core::trim(" \n "), "");
  EXPECT_EQ(core::trim("\n a \n", " \t"), "\n a \n");
  EXPECT_EQ(core::trim("\t a \t", " \t"), "a");
}

TEST(Text, JoinAndSplit) {
  EXPECT_EQ(core::join({}), "");
  EXPECT_EQ(core::join({"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(core::join({"a", "b"}, ","), "a,b");
  EXPECT_EQ(core::split("a,,b", ','), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(core::split("", ','), (std::vector<std::string>{""}));
  EXPECT_EQ(core::join(core::split("x.y.z", '.'), "."), "x.y.z");
}

TEST(Text, Lines) {
  EXPECT_EQ(core::split_lines("a\r\nb\n\nc\n"), (std::vector<std::string_view>{"a", "b", "", "c"}));
  EXPECT_TRUE(core::split_lines("").empty());
  EXPECT_EQ(core::last_line("Traceback\n  File x\nValueError: bad  \n\n"), "ValueError: bad");
  EXPECT_EQ(core::last_line("only"), "only");
  EXPECT_EQ(core::last_line(" \n\r\n"), "");
}

TEST(Text, Hex) {
  const unsigned char bytes[] = {0x00, 0x9f, 0xa0, 0xff};
  EXPECT_EQ(core::to_hex(bytes, sizeof(bytes)), "009fa0ff");
  EXPECT_EQ(core::to_hex(bytes, 0), "");
}

// Escape sequences from config.json or an index reached the terminal raw.
TEST(Text, TerminalSafeShowsControlsAsEscapes) {
  EXPECT_EQ(core::terminal_safe("llama\x1b[2J\x1b]0;pwned\x07"), "llama\\x1b[2J\\x1b]0;pwned\\x07");
  EXPECT_EQ(core::terminal_safe("a\rb\x7f"), "a\\x0db\\x7f");
  EXPECT_EQ(core::terminal_safe("c1 \xc2\x9b"
                                "31m"),
            "c1 \\u009b31m");
  EXPECT_EQ(core::terminal_safe("bidi \xe2\x80\xae"
                                "txt"),
            "bidi \\u202etxt");
  EXPECT_EQ(core::terminal_safe("bad \xff\xfe utf8"), "bad \\xff\\xfe utf8");
  EXPECT_EQ(core::terminal_safe("日本語\tタブ\n行"), "日本語\tタブ\n行");  // text, tabs and newlines stay
}

// HF_ENDPOINT=https://user:password@host leaked into artifacts and errors.
TEST(Text, CredentialsInUrlsAreRedacted) {
  EXPECT_EQ(core::redact_credentials("https://user:s3cret@hub.example/api/models"), "https://***@hub.example/api/models");
  EXPECT_EQ(core::redact_credentials("at http://tok@h:8080 and https://plain.host/x"), "at http://***@h:8080 and https://plain.host/x");
  EXPECT_EQ(core::redact_credentials("no url here"), "no url here");
  EXPECT_EQ(core::redact_credentials("https://a@b@host/p?q=x@y"), "https://***@host/p?q=x@y");
}

// Every catalog message shows its arguments that way.
TEST(Text, MessageArgumentsAreSanitisedAndRedacted) {
  std::string m = core::msg(core::Lang::en, "core.io_error", {{"path", "https://u:pw@h/\x1b[31mx"}});
  EXPECT_EQ(m.find("pw"), std::string::npos);
  EXPECT_EQ(m.find('\x1b'), std::string::npos);
  EXPECT_NE(m.find("https://***@h/\\x1b[31mx"), std::string::npos);
}

}  // namespace

TEST(Text, IsUtf8TellsWellFormedFromNot) {
  EXPECT_TRUE(core::is_utf8("/models/llama"));
  EXPECT_TRUE(core::is_utf8("/モデル/ラマ"));
  EXPECT_FALSE(core::is_utf8("/models/\xff\xfe"));
  EXPECT_FALSE(core::is_utf8("/models/\xc0\xaf"));      // overlong '/'
  EXPECT_FALSE(core::is_utf8("/models/\xe3\x83"));      // truncated sequence
  EXPECT_FALSE(core::is_utf8("/models/\xed\xa0\x80"));  // a surrogate
}
