// Following a file as safetensors 0.8 writes it: a hidden temporary file set to its
// full size at once, the header, the tensors in order, then a rename. The digest taken on the
// way is the final file's, and it is believed only when its pieces hash the same again.
#include "verify/file_follower.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <thread>

#include "core/sha256.h"
#include "support/temp_dir.h"
#include "verify/early_hasher.h"
#include "verify/verify_output.h"

namespace verify {
namespace {

// A safetensors file of one U8 tensor of `n` bytes, each byte a function of its offset (so
// that a piece read from the wrong place, or as a hole of zeros, hashes differently).
std::string one_tensor(std::size_t n) {
  std::string json = R"({"t":{"dtype":"U8","shape":[)" + std::to_string(n) + R"(],"data_offsets":[0,)" + std::to_string(n) + "]}}";
  while (json.size() % 8 != 0) json += ' ';
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>((json.size() >> (8 * i)) & 0xFF);
  out += json;
  std::size_t start = out.size();
  out.resize(start + n);
  // Blocks of 4 KiB, each filled with its own byte and led by its own index.
  for (std::size_t block = 0; block * 4096 < n; ++block) {
    std::size_t len = std::min<std::size_t>(4096, n - block * 4096);
    char* p = out.data() + start + block * 4096;
    std::memset(p, static_cast<char>(block * 31 + 7), len);
    std::memcpy(p, &block, std::min(len, sizeof block));
  }
  return out;
}

// Writes like safetensors 0.8: created under `tmp`, set to the full size, then `upto` bytes.
int start_writing(const core::fs::path& tmp, const std::string& bytes, std::size_t upto) {
  int fd = ::open(tmp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(::ftruncate(fd, static_cast<off_t>(bytes.size())), 0);
  EXPECT_EQ(::pwrite(fd, bytes.data(), upto, 0), static_cast<ssize_t>(upto));
  return fd;
}

void write_rest(int fd, const std::string& bytes, std::size_t from) {
  EXPECT_EQ(::pwrite(fd, bytes.data() + from, bytes.size() - from, static_cast<off_t>(from)), static_cast<ssize_t>(bytes.size() - from));
  ::close(fd);
}

constexpr std::size_t kTensor = 70u << 20;  // two pieces: one full, one partial

TEST(FileFollower, HashesWhatTheWriterFinishedAndEndsWithTheFinalFilesDigest) {
  test_support::TempDir d;
  std::filesystem::create_directories(d.path() / "out");
  const std::string bytes = one_tensor(kTensor);
  const std::size_t half = 40u << 20;
  int wfd = start_writing(d.path() / "out/.tmpA1", bytes, half);
  auto f = FileFollower::open(d.path() / "out/.tmpA1", 0);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->declared_size(), bytes.size());
  std::uint64_t first = f->advance(/*writer_done=*/false);
  // Behind the writer by the margin (the written pages are in the page cache, the rest not),
  // never into the part not written yet.
  EXPECT_EQ(first, half - kFollowMargin);
  EXPECT_EQ(f->advance(false), 0u);  // nothing more until the writer goes on
  EXPECT_FALSE(f->complete());
  write_rest(wfd, bytes, half);
  std::filesystem::rename(d.path() / "out/.tmpA1", d.path() / "out/model.safetensors");
  f->advance(/*writer_done=*/true);
  ASSERT_TRUE(f->complete());
  StampedDigest got = f->digest();
  EXPECT_EQ(got.sha256, core::sha256_hex(bytes));
  ASSERT_EQ(got.pieces.size(), 2u);  // written while read: to be checked again
  EXPECT_EQ(got.pieces[0], core::sha256_hex(std::string_view(bytes).substr(0, kPieceBytes)));
  EXPECT_EQ(got.pieces[1], core::sha256_hex(std::string_view(bytes).substr(kPieceBytes)));

  StampedDigests earlier{{"model.safetensors", got}};
  auto warm = hash_files(d.path() / "out", {"model.safetensors"}, 2, &earlier);
  ASSERT_EQ(warm.size(), 1u);
  EXPECT_TRUE(warm[0].early);
  EXPECT_EQ(warm[0].sha256, core::sha256_hex(bytes));
}

TEST(FileFollower, ADigestWhosePiecesNoLongerMatchIsNotBelievedEvenWithTheSameStamp) {
  test_support::TempDir d;
  std::filesystem::create_directories(d.path() / "out");
  std::string bytes = one_tensor(kTensor);
  write_rest(start_writing(d.path() / "out/model.safetensors", bytes, 0), bytes, 0);
  auto f = FileFollower::open(d.path() / "out/model.safetensors", std::int64_t{3600} * 1000000000);
  ASSERT_TRUE(f.has_value());
  f->advance(true);
  ASSERT_TRUE(f->complete());
  StampedDigest got = f->digest();
  ASSERT_FALSE(got.pieces.empty());
  // One byte changed in place and the modification time put back: the stamp is the same.
  struct stat st {};
  ASSERT_EQ(::stat((d.path() / "out/model.safetensors").c_str(), &st), 0);
  int fd = ::open((d.path() / "out/model.safetensors").c_str(), O_WRONLY | O_CLOEXEC);
  ASSERT_EQ(::pwrite(fd, "!", 1, 1000), 1);
  struct timespec times[2] = {st.st_atim, st.st_mtim};
  ASSERT_EQ(::futimens(fd, times), 0);
  ::close(fd);
  bytes[1000] = '!';
  StampedDigests earlier{{"model.safetensors", got}};
  HashCounter counter;
  auto out = hash_files(d.path() / "out", {"model.safetensors"}, 2, &earlier, &counter);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_FALSE(out[0].early);
  EXPECT_EQ(out[0].sha256, core::sha256_hex(bytes));
  EXPECT_EQ(counter.bytes.load(), bytes.size());  // the failed check's reads are not counted twice
}

TEST(FileFollower, AFileThatIsNotSafetensorsIsNotFollowed) {
  test_support::TempDir d;
  EXPECT_FALSE(FileFollower::open(d.write("config.json", R"({"model_type": "llama"})"), 0));
  EXPECT_FALSE(FileFollower::open(d.write("zeros", std::string(4096, '\0')), 0));  // a hole where the length will be
  std::string bytes = one_tensor(1000);
  EXPECT_FALSE(FileFollower::open(d.write("half-header", bytes.substr(0, 20)), 0));
}

TEST(EarlyHasher, FollowsTheTemporaryFileAndReturnsItUnderItsFinalName) {
  test_support::TempDir d;
  std::filesystem::create_directories(d.path() / "out");
  d.write("out/config.json", R"({"model_type": "llama", "quantization_config": {"quant_method": "quark"}})");
  d.write("out/tokenizer.json", "{}");
  d.write("out/tokenizer_config.json", "{}");
  const std::string bytes = one_tensor(kTensor);
  EarlyHasher h(d.path() / "out", std::chrono::milliseconds(10), std::chrono::milliseconds(1000));
  h.start();
  std::thread writer([&] {
    int fd = start_writing(d.path() / "out/.tmpB2", bytes, 0);
    for (std::size_t at = 0; at < bytes.size(); at += 8u << 20) {
      std::size_t n = std::min<std::size_t>(8u << 20, bytes.size() - at);
      EXPECT_EQ(::pwrite(fd, bytes.data() + at, n, static_cast<off_t>(at)), static_cast<ssize_t>(n));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::close(fd);
    std::filesystem::rename(d.path() / "out/.tmpB2", d.path() / "out/model.safetensors");
  });
  writer.join();
  StampedDigests got = h.finish();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got.begin()->first, "model.safetensors");
  EXPECT_EQ(got.begin()->second.sha256, core::sha256_hex(bytes));

  VerifyOptions o;
  o.output_dir = d.path() / "out";
  o.earlier = got;
  VerifyReport warm = verify_output(o);
  EXPECT_EQ(warm.record().to_json()["early_hashed_files"], 1);
  o.earlier.clear();
  VerifyReport cold = verify_output(o);
  for (const auto& f : warm.files) {
    if (f.path == "model.safetensors") {
      EXPECT_EQ(f.sha256, core::sha256_hex(bytes));
    }
  }
  EXPECT_EQ(warm.files.size(), cold.files.size());
}

}  // namespace
}  // namespace verify
