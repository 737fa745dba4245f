#include "manifest/output_dir.h"

#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace manifest {
namespace {

TEST(OutputDir, NewDirectoryIsCheckedNotCreated) {
  test_support::TempDir tmp;
  auto out = check_output_dir((tmp.path() / "a b" / "out").string(), "org/model", false, false);
  ASSERT_TRUE(out.has_value());
  EXPECT_FALSE(out->exists);
  EXPECT_EQ(out->nearest_existing, tmp.path().string());
  EXPECT_TRUE(out->writable);
  EXPECT_GT(out->free_bytes, 0);
  EXPECT_FALSE(std::filesystem::exists(tmp.path() / "a b"));
}

TEST(OutputDir, NonEmptyNeedsOverwrite) {
  test_support::TempDir tmp;
  tmp.write("out/old.txt", "x");
  auto refused = check_output_dir((tmp.path() / "out").string(), "org/model", false, false);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().id, "manifest.output_not_empty");
  EXPECT_EQ(refused.error().code, core::ExitCode::bad_input);
  auto allowed = check_output_dir((tmp.path() / "out").string(), "org/model", false, true);
  ASSERT_TRUE(allowed.has_value());
  EXPECT_TRUE(allowed->overwrite);
  EXPECT_FALSE(allowed->empty);
  // an existing empty directory is fine without --overwrite
  std::filesystem::create_directories(tmp.path() / "empty");
  EXPECT_TRUE(check_output_dir((tmp.path() / "empty").string(), "org/model", false, false).has_value());
}

TEST(OutputDir, NeverInsideOrAroundTheModel) {
  test_support::TempDir tmp;
  tmp.write("model/config.json", "{}");
  std::string model = (tmp.path() / "model").string();
  auto inside = check_output_dir(model + "/quantized", model, true, true);
  ASSERT_FALSE(inside.has_value());
  EXPECT_EQ(inside.error().id, "manifest.output_inside_model");
  auto same = check_output_dir(model + "/", model, true, true);
  ASSERT_FALSE(same.has_value());
  auto around = check_output_dir(tmp.path().string(), model, true, true);
  ASSERT_FALSE(around.has_value());
  EXPECT_EQ(around.error().id, "manifest.output_holds_model");
  // a sibling whose name starts like the model's is not inside it
  EXPECT_TRUE(check_output_dir(model + "-fp8", model, true, false).has_value());
  // through a symlink
  std::filesystem::create_directory_symlink(model, tmp.path() / "link");
  EXPECT_FALSE(check_output_dir((tmp.path() / "link" / "q").string(), model, true, false).has_value());
}

TEST(OutputDir, AFileIsNotAnOutputDirectory) {
  test_support::TempDir tmp;
  auto file = tmp.write("file", "x");
  auto res = check_output_dir(file.string(), "org/model", false, true);
  ASSERT_FALSE(res.has_value());
  EXPECT_EQ(res.error().id, "manifest.output_not_directory");
}

}  // namespace
}  // namespace manifest
