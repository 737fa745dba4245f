#include "report/html_text.h"

#include <gtest/gtest.h>

namespace {

TEST(HtmlText, TheCharactersHtmlGivesMeaningToBecomeReferences) {
  EXPECT_EQ(report::html_text(R"(<script>alert("x" + 'y')</script> & more)"),
            "&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;)&lt;/script&gt; &amp; more");
  // An attribute value cannot be closed from inside, with either quote.
  EXPECT_EQ(report::html_text(R"(" onmouseover="x)"), "&quot; onmouseover=&quot;x");
  // A reference already in the text is shown as typed, not interpreted.
  EXPECT_EQ(report::html_text("&lt;"), "&amp;lt;");
}

TEST(HtmlText, NonAsciiTextIsKeptAsItIs) {
  EXPECT_EQ(report::html_text("日本語のテキスト — café"), "日本語のテキスト — café");
  EXPECT_EQ(report::html_text("line one\nline\ttwo"), "line one\nline\ttwo");
}

TEST(HtmlText, WhatTheReaderWouldNotSeeIsMadeVisible) {
  EXPECT_EQ(report::html_text("a\x1b[31mred"), "a\\x1b[31mred");
  EXPECT_EQ(report::html_text("nul\x01"), "nul\\x01");
  EXPECT_EQ(report::html_text("\xe2\x80\xae"
                              "txt.exe"),
            "\\u202etxt.exe");                                      // right-to-left override
  EXPECT_EQ(report::html_text("bad \xff byte"), "bad \\xff byte");  // not UTF-8
}

}  // namespace
