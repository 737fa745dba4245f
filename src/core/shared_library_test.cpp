#include "core/shared_library.h"

#include <gtest/gtest.h>

namespace core {
namespace {

TEST(SharedLibrary, MissingLibraryIsAnErrorNamingIt) {
  SharedLibrary lib("libquark-ptq-does-not-exist.so.9");
  EXPECT_NE(lib.error().find("cannot load libquark-ptq-does-not-exist.so.9"), std::string::npos) << lib.error();
  int (*fn)() = nullptr;
  EXPECT_FALSE(lib.bind("anything", fn));
  EXPECT_EQ(fn, nullptr);
}

TEST(SharedLibrary, BindsWhatExistsAndNamesTheFirstMissingFunction) {
  SharedLibrary lib("libc.so.6");
  ASSERT_TRUE(lib.error().empty()) << lib.error();
  int (*getpid_fn)() = nullptr;
  ASSERT_TRUE(lib.bind("getpid", getpid_fn));
  EXPECT_GT(getpid_fn(), 0);
  void (*missing)() = nullptr;
  EXPECT_FALSE(lib.bind("quark_ptq_no_such_function", missing));
  EXPECT_NE(lib.error().find("quark_ptq_no_such_function"), std::string::npos) << lib.error();
}

}  // namespace
}  // namespace core
