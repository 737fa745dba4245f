#include "verify/recheck.h"

#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace verify {
namespace {

// What a verification of `root` recorded.
std::vector<FileDigest> verified(const core::fs::path& root) { return hash_files(root, list_files(root), 1); }

TEST(Recheck, AnUntouchedOutputIsTheSame) {
  test_support::TempDir d;
  d.write("out/model.safetensors", std::string(5000, 'w'));
  d.write("out/config.json", "{}");
  const auto recorded = verified(d.path() / "out");
  ASSERT_EQ(recorded.size(), 2u);
  EXPECT_TRUE(recheck_output(d.path() / "out", recorded).same());
}

TEST(Recheck, NamesWhatChangedWentMissingOrWasAdded) {
  test_support::TempDir d;
  d.write("out/model.safetensors", std::string(5000, 'w'));
  d.write("out/config.json", "{}");
  d.write("out/tokenizer.json", "{\"t\": 1}");
  const auto recorded = verified(d.path() / "out");
  d.write("out/model.safetensors", std::string(4999, 'w') + "x");  // same size, other bytes
  std::filesystem::remove(d.path() / "out/config.json");
  d.write("out/extra.bin", "e");
  std::filesystem::remove(d.path() / "out/tokenizer.json");
  d.write("elsewhere.json", "{\"t\": 1}");
  std::filesystem::create_symlink("../elsewhere.json", d.path() / "out/tokenizer.json");  // a link is not the file
  const Recheck r = recheck_output(d.path() / "out", recorded);
  EXPECT_FALSE(r.same());
  EXPECT_EQ(r.changed, (std::vector<std::string>{"tokenizer.json", "model.safetensors"}));
  EXPECT_EQ(r.missing, std::vector<std::string>{"config.json"});
  EXPECT_EQ(r.added, std::vector<std::string>{"extra.bin"});
  EXPECT_EQ(r.summary(), "changed: tokenizer.json, model.safetensors; missing: config.json; added: extra.bin");
}

TEST(Recheck, AnEmptyOrMissingOutputHasEveryFileMissing) {
  test_support::TempDir d;
  d.write("out/a", "a");
  const auto recorded = verified(d.path() / "out");
  std::filesystem::remove_all(d.path() / "out");
  const Recheck r = recheck_output(d.path() / "out", recorded);
  EXPECT_EQ(r.missing, std::vector<std::string>{"a"});
  EXPECT_TRUE(r.changed.empty());
}

}  // namespace
}  // namespace verify
