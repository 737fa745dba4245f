// LocalModelFiles::read_padded: the text, then at least simdjson's padding of zero bytes,
// for a small file (a padded string) and a large one (a read-only mapping of the file with
// a zero page behind it), whatever the large file's size is next to a page.
#include <gtest/gtest.h>

#include "intake/model_files.h"
#include "support/temp_dir.h"

namespace {

void expect_padded(const intake::PaddedText& t, const std::string& expected) {
  ASSERT_EQ(t.text(), expected);
  ASSERT_GE(t.capacity(), expected.size() + intake::kHeaderPadding);
  for (std::size_t i = 0; i < intake::kHeaderPadding; ++i) ASSERT_EQ(t.text().data()[expected.size() + i], '\0') << i;
}

TEST(LocalFiles, ReadPaddedSmallAndLarge) {
  test_support::TempDir tmp;
  std::string small = R"({"weight_map":{"a":"m.safetensors"}})";
  std::string large(3'000'001, 'x');  // above the mapping threshold, not a multiple of a page
  for (std::size_t i = 0; i < large.size(); i += 4096) large[i] = static_cast<char>('a' + (i / 4096) % 26);
  tmp.write("small.json", small);
  tmp.write("large.json", large);
  intake::LocalModelFiles files(tmp.path());
  auto s = files.read_padded("small.json");
  ASSERT_TRUE(s && *s);
  expect_padded(**s, small);
  auto l = files.read_padded("large.json");
  ASSERT_TRUE(l && *l);
  expect_padded(**l, large);
  EXPECT_EQ(files.bytes_read(), small.size() + large.size());
  auto missing = files.read_padded("absent.json");
  ASSERT_TRUE(missing);
  EXPECT_FALSE(*missing);
  // The text outlives the reader.
  intake::PaddedText copy = **l;
  l = std::optional<intake::PaddedText>{};
  EXPECT_EQ(copy.text().substr(0, 4), large.substr(0, 4));
}

TEST(LocalFiles, ReadPaddedLargeAtPageBoundaries) {
  // The padding must be readable and zero when the text ends exactly at a page end, or a few
  // bytes before one (the file's last page then has less room than the padding needs).
  test_support::TempDir tmp;
  intake::LocalModelFiles files(tmp.path());
  for (std::size_t size : {std::size_t{4} << 20, (std::size_t{2} << 20) - 10, (std::size_t{2} << 20) + 1}) {
    std::string text(size, 'y');
    text.back() = 'z';
    tmp.write("index.json", text);
    auto t = files.read_padded("index.json");
    ASSERT_TRUE(t && *t) << size;
    expect_padded(**t, text);
  }
}

}  // namespace
