#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <csignal>
#include <cstring>

#include "core/atomic_file.h"
#include "core/fs.h"
#include "core/sha256.h"
#include "support/small_tmpfs.h"
#include "support/temp_dir.h"

namespace {

TEST(AtomicFile, ReplacesContentAndLeavesNoTempFiles) {
  test_support::TempDir dir;
  auto p = dir.path() / "a.json";
  ASSERT_TRUE(core::write_file_atomic(p, "one"));
  ASSERT_TRUE(core::write_file_atomic(p, "two"));
  EXPECT_EQ(core::read_file(p).value(), "two");
  int entries = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    (void)e;
    ++entries;
  }
  EXPECT_EQ(entries, 1);
}

// A write that fails half-way (the file-size limit, which binds root too: EFBIG once the
// temporary file reaches it) leaves the old content and no temporary file behind.
TEST(AtomicFile, FailureLeavesOldContent) {
  test_support::TempDir dir;
  auto p = dir.write("a.json", "old");
  struct rlimit saved {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  auto* previous = std::signal(SIGXFSZ, SIG_IGN);  // else the kernel kills the process
  struct rlimit tight = saved;
  tight.rlim_cur = 4;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &tight), 0);
  auto r = core::write_file_atomic(p, "new content, longer than four bytes");
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, previous);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.write_error");
  EXPECT_EQ(r.error().detail, std::strerror(EFBIG));
  EXPECT_EQ(core::read_file(p).value(), "old");
  int entries = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    ++entries;
    EXPECT_EQ(e.path().filename(), "a.json");
  }
  EXPECT_EQ(entries, 1);
}

// The same on a filesystem that is really full (ENOSPC on a small tmpfs): the new
// content does not fit, the old file stays whole, no temporary file is left.
TEST(AtomicFile, FullFilesystemLeavesOldContent) {
  test_support::TempDir dir;
  const auto mnt = dir.path();
  int verdict = test_support::in_small_tmpfs(mnt, 256 << 10, [&] {
    auto p = mnt / "a.json";
    if (!core::write_file_atomic(p, "old")) return 1;
    if (!test_support::fill_filesystem(mnt, "filler")) return 2;
    auto r = core::write_file_atomic(p, std::string(64 << 10, 'n'));
    if (r || r.error().detail != std::strerror(ENOSPC)) return 3;
    auto now = core::read_file(p);
    if (!now || *now != "old") return 4;
    for (const auto& e : std::filesystem::directory_iterator(mnt)) {
      if (e.path().filename() != "a.json" && e.path().filename() != "filler") return 5;
    }
    return 0;
  });
  if (verdict == test_support::kNoTmpfs) GTEST_SKIP() << "cannot mount a tmpfs here (no user namespace, not root)";
  EXPECT_EQ(verdict, 0) << "1: first write, 2: never filled, 3: no ENOSPC, 4: old content lost, 5: temporary file left";
}

TEST(AtomicFile, MissingDirectoryIsAnError) {
  test_support::TempDir dir;
  auto r = core::write_file_atomic(dir.path() / "nope" / "a.json", "x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.write_error");
}

TEST(Fs, ReadRangeStopsAtEndOfFile) {
  test_support::TempDir dir;
  auto p = dir.write("f", "0123456789");
  EXPECT_EQ(core::read_range(p, 2, 3).value(), "234");
  EXPECT_EQ(core::read_range(p, 8, 100).value(), "89");
  EXPECT_FALSE(core::read_file(dir.path() / "missing"));
  EXPECT_EQ(core::read_file(dir.path()).error().id, "core.is_directory");
}

// A FIFO named config.json blocked `analyze` forever and /dev/zero grew
// without bound; both are refused by type, before any read.
TEST(Fs, NonRegularFilesAreRefusedByType) {
  test_support::TempDir dir;
  auto fifo = dir.path() / "config.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto r = core::read_file(fifo);  // would block in open() without the type check
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.not_regular_file");
  EXPECT_EQ(*r.error().arg("kind"), "a FIFO");
  EXPECT_EQ(core::read_range(fifo, 0, 8).error().id, "core.not_regular_file");
  auto z = core::read_file("/dev/zero");
  ASSERT_FALSE(z);
  EXPECT_EQ(z.error().id, "core.not_regular_file");
  EXPECT_EQ(*z.error().arg("kind"), "a character device");
  EXPECT_EQ(core::read_range("/dev/zero", 0, 8).error().id, "core.not_regular_file");
  EXPECT_FALSE(core::require_regular_file(fifo));
  EXPECT_TRUE(core::require_regular_file(dir.write("f", "x")));
}

TEST(Fs, ReadFileHasASizeCap) {
  test_support::TempDir dir;
  auto p = dir.write("f", std::string(100, 'x'));
  EXPECT_EQ(core::read_file(p, 100).value().size(), 100u);
  auto r = core::read_file(p, 99);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().id, "core.file_too_large");
  // /proc files report size 0 and are still read whole.
  EXPECT_FALSE(core::read_file("/proc/self/stat").value().empty());
}

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(core::sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(core::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  test_support::TempDir dir;
  auto p = dir.write("f", "abc");
  EXPECT_EQ(core::sha256_file_hex(p).value(), core::sha256_hex("abc"));
}

TEST(Sha256, StreamedInPiecesEqualsOneShot) {
  // FIPS 180-2's two-block vector, fed in uneven pieces.
  std::string text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  auto h = core::Sha256::start();
  ASSERT_TRUE(h);
  for (std::size_t at = 0; at < text.size(); at += 7) h->update(text.data() + at, std::min<std::size_t>(7, text.size() - at));
  EXPECT_EQ(h->finish_hex(), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(core::sha256_hex(text), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, JsonDigestIsKeyOrderIndependent) {
  auto a = core::parse_json(R"({"x":1,"y":[1,2]})", "a").value();
  auto b = core::parse_json(R"({"y":[1,2],"x":1})", "b").value();
  EXPECT_EQ(core::json_digest(a), core::json_digest(b));
  EXPECT_EQ(core::json_digest(a).rfind("sha256:", 0), 0u);
}

}  // namespace
