#include "cli/table.h"

#include <gtest/gtest.h>

namespace {

TEST(Table, WidthCountsWideCharactersTwice) {
  EXPECT_EQ(cli::display_width("abc"), 3);
  EXPECT_EQ(cli::display_width("状態"), 4);
  EXPECT_EQ(cli::display_width("チェックポイント"), 16);
  EXPECT_EQ(cli::display_width("é"), 1);
  EXPECT_EQ(cli::display_width(""), 0);
}

TEST(Table, ColumnsAlignOnDisplayWidth) {
  cli::Table t({"項目", "value"});
  t.add_row({"model", "llama"});
  t.add_row({"種別", "x\ny"});
  EXPECT_EQ(t.render(""),
            "項目   value\n"
            "-----  -----\n"
            "model  llama\n"
            "種別   x y\n");
}

TEST(Table, MissingCellsAreEmptyAndTrailingSpaceIsTrimmed) {
  cli::Table t({"a", "b", "c"});
  t.add_row({"1"});
  EXPECT_EQ(t.render("> "), "> a  b  c\n> -  -  -\n> 1\n");
}

}  // namespace
