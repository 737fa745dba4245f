#include "core/errno_text.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <thread>
#include <vector>

namespace core {
namespace {

TEST(ErrnoText, NamesTheError) {
  EXPECT_EQ(errno_text(ENOENT), "No such file or directory");
  EXPECT_EQ(errno_text(ENOSPC), "No space left on device");
}

TEST(ErrnoText, AnUnknownValueStillGetsAText) { EXPECT_EQ(errno_text(99999), "Unknown error 99999"); }

// Unknown values are formatted into a buffer. POSIX lets std::strerror keep one for all threads
// (glibc's manual marks it MT-Unsafe), so two threads could read each other's number;
// errno_text's buffer is per call. This guards that property: a static buffer in errno_text
// would fail here.
TEST(ErrnoText, ThreadsGetTheirOwnText) {
  std::vector<std::thread> threads;
  std::vector<int> wrong(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([t, &wrong] {
      const int value = 100000 + t;
      const std::string expected = "Unknown error " + std::to_string(value);
      for (int i = 0; i < 2000; ++i) {
        if (errno_text(value) != expected) ++wrong[t];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

}  // namespace
}  // namespace core
