#include "envprobe/version_spec.h"

#include <gtest/gtest.h>

namespace envprobe {
namespace {

TEST(VersionSpec, QuarkTransformersPin) {
  EXPECT_EQ(satisfies("5.16.1", ">5,<5.17"), true);
  EXPECT_EQ(satisfies("5.17.0", ">5,<5.17"), false);
  EXPECT_EQ(satisfies("4.57.1", ">5,<5.17"), false);
  EXPECT_EQ(satisfies("5.0.0", ">5,<5.17"), false);  // 5.0.0 == 5
  EXPECT_EQ(satisfies("5.0.1", ">5,<5.17"), true);
}

TEST(VersionSpec, LocalPartsAndPreReleases) {
  EXPECT_EQ(satisfies("2.11.0+cu130", ">=2.2.0"), true);
  EXPECT_EQ(satisfies("2.9.0+rocm6.4", "<2.10"), true);
  EXPECT_EQ(satisfies("0.13.0rc1", ">=0.13"), false);
  EXPECT_EQ(satisfies("0.13.dev20260901", "<0.13"), true);
  EXPECT_EQ(satisfies("0.12.post1", "==0.12"), true);
  EXPECT_EQ(satisfies("3.12.3", ">=3.11,<3.14"), true);
  EXPECT_EQ(satisfies("3.14.0", ">=3.11,<3.14"), false);
}

TEST(VersionSpec, AnythingAndGarbage) {
  EXPECT_EQ(satisfies("1.0", ""), true);
  EXPECT_EQ(satisfies("1.0", "*"), true);
  EXPECT_EQ(satisfies("unknown", ">1"), std::nullopt);
  EXPECT_EQ(satisfies("1.0", "~=1"), std::nullopt);
}

}  // namespace
}  // namespace envprobe
